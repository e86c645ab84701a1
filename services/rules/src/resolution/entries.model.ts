import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A named number: a stockpile item and how many, a Character and a level.' })
export class NamedCount {
  @Field() name!: string;
  @Field(() => Int) count!: number;
}

@ObjectType({ description: 'A named value printed as text (tracks hold numbers or words).' })
export class NamedValue {
  @Field() name!: string;
  @Field() value!: string;
}

/** GraphQL has no maps: a record becomes a list in the record's own key order. */
export function toCounts(record: Readonly<Record<string, number>>): NamedCount[] {
  return Object.entries(record).map(([name, count]) => ({ name, count }));
}

export function toValues(record: Readonly<Record<string, number | string>>): NamedValue[] {
  return Object.entries(record).map(([name, value]) => ({ name, value: String(value) }));
}
