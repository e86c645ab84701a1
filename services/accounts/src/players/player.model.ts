import { Directive, Field, ID, ObjectType } from '@nestjs/graphql';
import type { AuthenticatedPlayer } from '@scriptbook/platform';
import type { PlayerEntity } from './player.entity';

@ObjectType({ description: 'A person who plays; other subgraphs resolve players by id.' })
@Directive('@key(fields: "id")')
export class Player {
  @Field(() => ID, { description: 'Stable and opaque; never reused, even after the player is removed. Linking an email or a device keeps it.' })
  id!: string;

  @Field({ description: 'The name other players see.' })
  displayName!: string;

  /** Read by the `hasEmail` field, which shows it to the player only; absent where a player is loaded without it. */
  emailLinked?: boolean;
}

export const toPlayer = (entity: PlayerEntity): Player => ({
  id: entity.id,
  displayName: entity.displayName,
  emailLinked: entity.email !== null,
});

@ObjectType({ description: 'What every sign-in (registerPlayer, login, signInWithDevice) and refreshSession returns: a session.' })
export class AuthPayload {
  @Field({
    description:
      'Send as "Authorization: Bearer <accessToken>". Short-lived (15 minutes by default): refresh before `expiresAt`. A refused access ' +
      'token gives UNAUTHENTICATED with `extensions.field` "authorization" and `extensions.rule` "access-token-expired" (call ' +
      'refreshSession, then retry), or "session-ended", "player-removed" or "access-token-invalid" (a refresh cannot help: sign in again).',
  })
  accessToken!: string;

  @Field({
    description:
      'When the access token stops working; call refreshSession shortly before then, or after an UNAUTHENTICATED answer whose ' +
      '`extensions.rule` is "access-token-expired".',
  })
  expiresAt!: Date;

  @Field({
    description:
      'Exchanges for a new access token with refreshSession, once: each refresh returns a new one and the old one stops working. ' +
      'A secret: keep it in the platform keystore, never in logs. Presenting a used one signs the whole session out.',
  })
  refreshToken!: string;

  @Field({ description: 'When the refresh token stops working if it is not used; each refresh moves it on, up to the session’s absolute end.' })
  refreshExpiresAt!: Date;

  @Field(() => Player, {
    description:
      'The player the token signs in. Every field below is answered for this session, whatever Authorization header the request ' +
      'carried (an expired or signed-out token sent along is ignored here), so `hasEmail` is always filled in.',
  })
  player!: Player;

  /** The session this answer opens or continues: the payload's fields resolve for it rather than for the request's token. */
  session!: AuthenticatedPlayer;
}

@ObjectType({ description: 'What removing an account returns.' })
export class RemovedAccount {
  @Field(() => ID, { description: 'The removed player; every access token naming it is refused from now on.' })
  playerId!: string;

  @Field({ description: 'When the account was removed.' })
  removedAt!: Date;
}
