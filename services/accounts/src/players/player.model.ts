import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';

@ObjectType({ description: 'A person who plays; other subgraphs resolve players by id.' })
@Directive('@key(fields: "id")')
export class Player {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'The name other players see.' })
  displayName!: string;
}

@ObjectType({ description: 'What registering or logging in returns.' })
export class AuthPayload {
  @Field({ description: 'Send as "Authorization: Bearer <accessToken>".' })
  accessToken!: string;

  @Field()
  expiresAt!: Date;

  @Field(() => Player)
  player!: Player;
}
