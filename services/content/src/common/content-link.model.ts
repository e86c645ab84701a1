import { Field, ID, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from './content-item.interface';
import { ExternalRef } from './provenance.model';

@ObjectType({
  description:
    'Where a text sends the reader. `see`, `die-face`, `choice` and `card` point at an item of the packs and ' +
    '`target` resolves it; `external` points into a book the seeds do not contain and carries `external` instead.',
})
export class ContentLink {
  @Field({
    description:
      '`see` (go to the target), `die-face` (go there on that roll result), `choice` (go there if the reader picks `label`), ' +
      '`card` (find or play the target card) or `external` (a book the seeds lack).',
  })
  type!: string;
  @Field(() => String, { nullable: true, description: 'die-face only: the die face that selects this branch, as printed.' })
  face!: string | null;
  @Field(() => ID, { nullable: true, description: 'die-face only: the canonical icon id of that face; match roll results by it.' })
  faceId!: string | null;
  @Field(() => String, { nullable: true, description: 'choice only: the option that selects this branch, as printed.' })
  label!: string | null;
  @Field(() => ID, { nullable: true, description: 'The id of the linked item; null for `external`.' }) targetId!: string | null;
  @Field(() => ContentItemInterface, { nullable: true, description: 'The linked script or card, ready to follow; null for `external`.' })
  target!: unknown;
  @Field(() => ExternalRef, { nullable: true, description: 'external only: the book and place the text points into.' })
  external!: ExternalRef | null;
}
