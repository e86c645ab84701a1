import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A person who plays; other subgraphs resolve players by id.' })
@Directive('@key(fields: "id")')
export class Player {
  @Field(() => ID, { description: 'Stable and opaque; never reused, even after the player is removed.' })
  id!: string;

  @Field({ description: 'The name other players see.' })
  displayName!: string;
}

@ObjectType({ description: 'What registering or logging in returns.' })
export class AuthPayload {
  @Field({ description: 'Send as "Authorization: Bearer <accessToken>".' })
  accessToken!: string;

  @Field({ description: 'When the access token stops working; log in again before then to keep the player signed in.' })
  expiresAt!: Date;

  @Field(() => Player, { description: 'The player the token signs in.' })
  player!: Player;
}

@ObjectType({ description: 'What removing an account returns.' })
export class RemovedAccount {
  @Field(() => ID, { description: 'The removed player; every access token naming it is refused from now on.' })
  playerId!: string;

  @Field({ description: 'When the account was removed.' })
  removedAt!: Date;
}
