import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** A game, owned by the content subgraph; campaigns only hold its id. */
@ObjectType({ description: 'A board game of the content library; its fields come from the content subgraph.' })
@Directive('@key(fields: "id", resolvable: false)')
export class Game {
  @Field(() => ID, { description: 'The game id, as `games` lists it.' })
  id!: string;
}

/** A player, owned by the accounts subgraph; campaigns only hold its id. */
@ObjectType({ description: 'A person who plays; their fields come from the accounts subgraph.' })
@Directive('@key(fields: "id", resolvable: false)')
export class Player {
  @Field(() => ID, { description: 'The player id.' })
  id!: string;
}
