import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'Where an item comes from: the seed file and its heading.' })
export class Provenance {
  @Field({ description: 'Three-digit seed number, e.g. `004`.' }) seed!: string;
  @Field({ description: 'The heading of the seed the text is quoted from.' }) section!: string;
}

@ObjectType({ description: 'A part of the item the seed says is absent; show it instead of dropping the part.' })
export class Gap {
  @Field(() => String, {
    description:
      'Why the part is absent: `illegible` (printed but unreadable), `missing` (missing from the source), ' +
      '`not-reproduced` (the seed chose not to copy it) or `not-given` (the rules point at it, the seed does not give it).',
  })
  kind!: string;
  @Field(() => String, { nullable: true, description: 'The field the gap is in, when it is one field; that field is then null or empty.' })
  field?: string;
  @Field({ description: "The seed's own remark about the absent part, quoted or paraphrased; show it in place of the part." }) note!: string;
}

@ObjectType({ description: 'A pointer into a book the seeds do not contain; data, never an id.' })
export class ExternalRef {
  @Field(() => String, { nullable: true, description: 'The book, e.g. `Book of Scripts`; null when the seed does not name it.' })
  book!: string | null;
  @Field({ description: 'The place in that book as printed, e.g. a script number or page.' }) ref!: string;
}

@ObjectType({ description: 'A titled piece of text (an ability, a special rule, a card option).' })
export class NamedText {
  @Field({ description: 'The title as printed.' }) name!: string;
  @Field({ description: 'The text as printed.' }) text!: string;
}
