import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';

@ObjectType({ description: 'A rule procedure of the engine, and how to call it.' })
export class RuleProcedure {
  @Field(() => ID, {
    description: 'Stable id, never changed once served: `replay` and campaign setups take it. Read the game and module from `gameId` and `moduleId`, not from the id.',
  })
  id!: string;

  @Field(() => ID, {
    description: "The content id of the game it belongs to (the game's `Game.id`), for a module's procedures too; `dice` for the procedures every game shares, which no game's id can be.",
  })
  gameId!: string;

  @Field(() => ID, {
    nullable: true,
    description: "The content id of the game's module it belongs to (an id of `Game.modules`); null for a game without modules and for the procedures every game shares.",
  })
  moduleId!: string | null;

  @Field({ description: 'One sentence saying what the procedure resolves, for a menu or a tooltip.' })
  description!: string;

  @Field({ description: 'The name of the typed query that runs it.' })
  field!: string;

  @Field({ description: 'Whether it draws from the random generator; if so, a seed or rngState decides the outcome.' })
  draws!: boolean;

  @Field({
    description:
      "JSON Schema (2020-12) of the input as `replay` takes it, enum values in the engine's spelling (the `const` of each `oneOf`, not the GraphQL name); the typed query takes the same fields plus seed and rngState.",
  })
  inputSchema!: string;
}

export const RuleProcedureConnection = Connection(RuleProcedure, 'RuleProcedure');
