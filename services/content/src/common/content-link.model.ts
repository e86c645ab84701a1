import { Field, ID, ObjectType } from '@nestjs/graphql';
import { ContentItemInterface } from './content-item.interface';
import { ExternalRef } from './provenance.model';

@ObjectType({
  description:
    'Where a text sends the reader. `see`, `die-face`, `choice` and `card` point at an item of the packs and ' +
    '`target` resolves it; `external` points into a book the seeds do not contain and carries `external` instead.',
})
export class ContentLink {
  @Field({ description: 'see, die-face, choice, card or external.' }) type!: string;
  @Field(() => String, { nullable: true, description: 'The die face that selects this branch (die-face).' }) face!: string | null;
  @Field(() => String, { nullable: true, description: 'The option that selects this branch (choice).' }) label!: string | null;
  @Field(() => ID, { nullable: true }) targetId!: string | null;
  @Field(() => ContentItemInterface, { nullable: true, description: 'The linked script or card, ready to follow.' })
  target!: unknown;
  @Field(() => ExternalRef, { nullable: true }) external!: ExternalRef | null;
}
