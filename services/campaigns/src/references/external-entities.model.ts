import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** A game, owned by the content subgraph; campaigns only hold its id. */
@ObjectType()
@Directive('@key(fields: "id", resolvable: false)')
export class Game {
  @Field(() => ID)
  id!: string;
}

/** A player, owned by the accounts subgraph; campaigns only hold its id. */
@ObjectType()
@Directive('@key(fields: "id", resolvable: false)')
export class Player {
  @Field(() => ID)
  id!: string;
}
