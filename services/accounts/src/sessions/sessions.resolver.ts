import { Args, Context, Info, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  AuthenticatedPlayer,
  clientAddressOf,
  ConnectionShape,
  CurrentPlayer,
  ENDED_SESSION_REASON,
  PageArgs,
  playerOf,
  RequestContext,
} from '@scriptbook/platform';
import type { GraphQLResolveInfo } from 'graphql';
import { AuthPayload } from '../players/player.model';
import { SessionEntity } from './session.entity';
import { Session, SessionConnection, SignInMethodValue } from './session.model';
import { SessionsService } from './sessions.service';
import { answeredForItsSession } from './sign-in-answer';

type AddressContext = Parameters<typeof clientAddressOf>[0];

const toSession = (row: SessionEntity, currentSessionId: string | undefined): Session => ({
  id: row.id,
  signInMethod: row.method as SignInMethodValue,
  deviceLabel: row.label,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  expiresAt: row.expiresAt,
  current: row.id === currentSessionId,
});

@Resolver(() => Session)
export class SessionsResolver {
  constructor(private readonly sessions: SessionsService) {}

  @Mutation(() => AuthPayload, {
    description:
      'Exchanges a refresh token for a new access token and a new refresh token; needs no access token, and ignores one sent along ' +
      '(expired, signed out or another player’s): the answer, `player` included, is for the refreshed session. The old refresh ' +
      'token stops working at once. A refusal is UNAUTHENTICATED with `extensions.field` "refreshToken", never "authorization", so a ' +
      'handler that refreshes on an expired access token does not refresh again: sign in again. `extensions.rule` says why: ' +
      '"unknown", "expired", "ended" (signed out) or "reused" (a token that was already exchanged signs the whole session out, since ' +
      'someone else may hold a copy; but a token whose answer was lost may be sent again within REFRESH_RETRY_WINDOW_SECONDS, 5 minutes ' +
      'by default, while the token it was exchanged for is unused: that retry gets a new pair). Send one refresh at a time per session. Too many refreshes from one address or for one player ' +
      'give RATE_LIMITED with `extensions.retryAfter` (seconds).',
  })
  refreshSession(
    @Args('refreshToken', { description: 'The refreshToken of the latest AuthPayload this session received.' }) refreshToken: string,
    @Context() context: AddressContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<AuthPayload> {
    return answeredForItsSession(this.sessions.refresh(refreshToken, clientAddressOf(context)), context, info);
  }

  @Mutation(() => Boolean, {
    description:
      "Signs this session out: its refresh token stops working, and so does its access token, in every service that holds a player's " +
      'data, from the next request on. True when a session was ended; false when it had already ended, including when the access ' +
      'token sent is one of that ended session (signed out here or elsewhere, or ended by reuse). Needs a token that has not ' +
      'expired (UNAUTHENTICATED, `extensions.field` "authorization").',
  })
  signOut(@Context() context: RequestContext): Promise<boolean> {
    // The token's signature and expiry were checked before its session was found ended: only a token accounts issued, still
    // within its lifetime, gets here, and all it can do is learn what every other request already told it.
    if (context.viewer.kind === 'invalid' && context.viewer.reason === ENDED_SESSION_REASON) return Promise.resolve(false);
    const viewer = playerOf(context);
    return this.sessions.signOut(viewer.playerId, viewer.sessionId);
  }

  @Mutation(() => Int, {
    description:
      "Signs every one of the player's sessions out, this one included (for a lost or stolen device). Answers how many were open. " +
      'Linked device ids can still sign in again afterwards: to shut a lost device out for good, use unlinkDevice. ' +
      'Needs a token (UNAUTHENTICATED).',
  })
  signOutEverywhere(@CurrentPlayer() viewer: AuthenticatedPlayer): Promise<number> {
    return this.sessions.signOutEverywhere(viewer.playerId);
  }

  @Query(() => SessionConnection, {
    nullable: true,
    description: "The signed-in player's sessions that can still be refreshed, newest first. Needs a token (UNAUTHENTICATED).",
  })
  async mySessions(@CurrentPlayer() viewer: AuthenticatedPlayer, @Args() { first, after }: PageArgs): Promise<ConnectionShape<Session>> {
    const page = await this.sessions.list(viewer.playerId, first, after);
    return { pageInfo: page.pageInfo, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: toSession(edge.node, viewer.sessionId) })) };
  }
}
