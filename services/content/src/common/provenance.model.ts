import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum GapKind {
  illegible = 'illegible',
  missing = 'missing',
  notReproduced = 'not-reproduced',
  notGiven = 'not-given',
}
registerEnumType(GapKind, {
  name: 'GapKind',
  description: 'Why a part is absent: the seed says it is illegible, missing, not reproduced, or does not give it.',
});

@ObjectType({ description: 'Where an item comes from: the seed file and its heading.' })
export class Provenance {
  @Field({ description: 'Three-digit seed number, e.g. `004`.' }) seed!: string;
  @Field() section!: string;
}

@ObjectType({ description: 'A part of the item the seed says is absent; show it instead of dropping the part.' })
export class Gap {
  @Field(() => String, { description: 'illegible, missing, not-reproduced or not-given.' }) kind!: string;
  @Field(() => String, { nullable: true, description: 'The field the gap is in, when it is one field.' }) field?: string;
  @Field() note!: string;
}

@ObjectType({ description: 'A pointer into a book the seeds do not contain; data, never an id.' })
export class ExternalRef {
  @Field(() => String, { nullable: true, description: 'Null when the seed does not name the book.' }) book!: string | null;
  @Field() ref!: string;
}

@ObjectType({ description: 'A titled piece of text (an ability, a special rule, a card option).' })
export class NamedText {
  @Field() name!: string;
  @Field() text!: string;
}
