import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';

@ObjectType({ description: 'A rule procedure of the engine, and how to call it.' })
export class RuleProcedure {
  @Field(() => ID, { description: 'Stable id, e.g. `twom.night-raid`; `replay` takes it.' })
  id!: string;

  @Field(() => ID)
  gameId!: string;

  @Field()
  description!: string;

  @Field({ description: 'The typed query that runs it, e.g. `twomNightRaid`.' })
  field!: string;

  @Field({ description: "JSON Schema (2020-12) of the input, as `replay` takes it; derived from the query's input type." })
  inputSchema!: string;
}

export const RuleProcedureConnection = Connection(RuleProcedure, 'RuleProcedure');
