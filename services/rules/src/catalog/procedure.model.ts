import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';

@ObjectType({ description: 'A rule procedure of the engine, and how to call it.' })
export class RuleProcedure {
  @Field(() => ID, { description: 'Stable id, e.g. `twom.night-raid`; `replay` takes it.' })
  id!: string;

  @Field(() => ID, { description: 'The game it belongs to (`twom`, `stalker-zs`); `dice` for the dice roller every game shares.' })
  gameId!: string;

  @Field({ description: 'One sentence saying what the procedure resolves, for a menu or a tooltip.' })
  description!: string;

  @Field({ description: 'The typed query that runs it, e.g. `twomNightRaid`.' })
  field!: string;

  @Field({ description: 'Whether it draws from the random generator; if so, a seed or rngState decides the outcome.' })
  draws!: boolean;

  @Field({
    description:
      "JSON Schema (2020-12) of the input as `replay` takes it (enum values in the engine's spelling, e.g. `cannedFood`); the typed query takes the same fields plus seed and rngState.",
  })
  inputSchema!: string;
}

export const RuleProcedureConnection = Connection(RuleProcedure, 'RuleProcedure');
