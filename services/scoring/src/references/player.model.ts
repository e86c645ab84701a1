import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

/** A player, owned by the accounts subgraph; scoring only holds its id. */
@ObjectType({ description: 'A person who plays; their fields come from the accounts subgraph.' })
@Directive('@key(fields: "id", resolvable: false)')
export class Player {
  @Field(() => ID, { description: 'The player id.' })
  id!: string;
}
