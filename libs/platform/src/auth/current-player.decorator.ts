import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { GraphQLResolveInfo, responsePathAsArray } from 'graphql';
import { DomainError, ErrorCode, UnauthenticatedError } from '../errors/domain-errors';
import { SHARE_LINK_SCOPE_RULE } from './share-link-token';
import {
  ENDED_SESSION_REASON,
  EXPIRED_TOKEN_REASON,
  INVALID_TOKEN_REASON,
  InvalidTokenReason,
  MALFORMED_HEADER_REASON,
  REMOVED_PLAYER_REASON,
  SHARE_LINK_REVOKED_REASON,
  UNKNOWN_PLAYER_REASON,
  Viewer,
} from './token.service';

export interface AuthenticatedPlayer {
  readonly playerId: string;
  /** The session the access token belongs to; absent only in tokens issued before sessions existed. */
  readonly sessionId?: string;
  /**
   * Set only for a share link's holder, and only where a field asked for it
   * (`{ shareLink: true }`): the one campaign it may read (null, and so none,
   * in a service that did not issue it). `playerId` is then the link's
   * principal, never a member of any group.
   */
  readonly shareLink?: { readonly linkId: string; readonly campaignId: string | null };
}

export interface RequestContext {
  readonly viewer: Viewer;
}

/** `extensions.field` of every refusal of the access token a request sent. */
export const ACCESS_TOKEN_FIELD = 'authorization';

/**
 * `extensions.rule` for each reason a sent token is refused. Only
 * `access-token-expired` is worth a refresh and a retry; after the others a
 * refresh cannot help (the session or the player is gone, or the token was
 * never one accounts issued), so the app signs in again. Refusals of a
 * refresh token name `refreshToken` instead, so a generic handler never
 * answers a failed refresh with another refresh.
 */
export const ACCESS_TOKEN_RULES: Readonly<Record<InvalidTokenReason, string>> = {
  [EXPIRED_TOKEN_REASON]: 'access-token-expired',
  [MALFORMED_HEADER_REASON]: 'access-token-invalid',
  [INVALID_TOKEN_REASON]: 'access-token-invalid',
  [ENDED_SESSION_REASON]: 'session-ended',
  [REMOVED_PLAYER_REASON]: 'player-removed',
  [UNKNOWN_PLAYER_REASON]: 'player-removed',
  [SHARE_LINK_REVOKED_REASON]: 'share-link-revoked',
};

/**
 * FORBIDDEN for a share link's token where a field needs a player: the link
 * was accepted as what it is, a read-only view of one campaign, and this is
 * not that. Not UNAUTHENTICATED, which tells an app to sign in or refresh.
 */
export function shareLinkRefused(): DomainError {
  return new DomainError(ErrorCode.FORBIDDEN, 'A share link only reads and follows its campaign: this needs a signed-in player', {
    field: ACCESS_TOKEN_FIELD,
    rule: SHARE_LINK_SCOPE_RULE,
  });
}

/** UNAUTHENTICATED for a token that was sent but is refused, naming `authorization` and the rule. */
export function accessTokenRefused(reason: InvalidTokenReason): UnauthenticatedError {
  const message =
    reason === EXPIRED_TOKEN_REASON
      ? 'The access token has expired: refresh the session and retry'
      : reason === SHARE_LINK_REVOKED_REASON
        ? 'This share link was revoked or does not exist: ask a member of the group for a new one'
        : `Sign in again: ${reason}`;
  return new UnauthenticatedError(message, { field: ACCESS_TOKEN_FIELD, rule: ACCESS_TOKEN_RULES[reason] });
}

/**
 * Players that parts of a request's answer are resolved for instead of the
 * one its token names, by the response path they start at. Kept beside the
 * request's context object, so they end with the request.
 */
const answeredAs = new WeakMap<object, Map<string, AuthenticatedPlayer>>();

const pathKey = (path: GraphQLResolveInfo['path']): string => responsePathAsArray(path).join('.');

/**
 * Resolves everything below the current field for `player`, whatever the
 * request's Authorization header says. A sign-in or a refresh answers with a
 * session the header knows nothing of: apps send their old, often expired,
 * token along with it (urql's authExchange and Apollo Client's auth links
 * add it to every operation), and the answer must describe the session it
 * returns, not fail on the one it replaces.
 */
export function answerAs(context: object, info: Pick<GraphQLResolveInfo, 'path'>, player: AuthenticatedPlayer): void {
  let scopes = answeredAs.get(context);
  if (!scopes) answeredAs.set(context, (scopes = new Map()));
  scopes.set(pathKey(info.path), player);
}

function answeredAsAt(context: object, path: GraphQLResolveInfo['path'] | undefined): AuthenticatedPlayer | undefined {
  const scopes = answeredAs.get(context);
  if (!scopes) return undefined;
  for (let at = path; at; at = at.prev) {
    const player = scopes.get(pathKey(at));
    if (player) return player;
  }
  return undefined;
}

/**
 * The calling player from a GraphQL context, for code that has the context
 * rather than a parameter: reference resolvers (`_entities`) authorize with
 * it exactly as the public fields do with `@CurrentPlayer()`.
 */
export function playerOf(context: RequestContext, options: CallerOptions & { optional: true }): AuthenticatedPlayer | null;
export function playerOf(context: RequestContext, options?: CallerOptions & { optional?: false }): AuthenticatedPlayer;
export function playerOf(context: RequestContext, options?: CallerOptions): AuthenticatedPlayer | null {
  return callerOf(context.viewer, options ?? {});
}

/** `optional`: no token gives null instead of UNAUTHENTICATED. `shareLink`: a share link's holder is let through, with its campaign, for the field to decide. */
export interface CallerOptions {
  readonly optional?: boolean;
  readonly shareLink?: boolean;
}

function callerOf(viewer: Viewer, options: CallerOptions): AuthenticatedPlayer | null {
  if (viewer.kind === 'player') return viewer.sessionId ? { playerId: viewer.playerId, sessionId: viewer.sessionId } : { playerId: viewer.playerId };
  if (viewer.kind === 'share-link') {
    // A service that did not issue the link knows no campaign for it: nothing there is its to read.
    if (!options.shareLink || viewer.shareLink.campaignId === null) throw shareLinkRefused();
    return { playerId: viewer.playerId, sessionId: viewer.sessionId, shareLink: { linkId: viewer.shareLink.linkId, campaignId: viewer.shareLink.campaignId } };
  }
  if (viewer.kind === 'invalid') throw accessTokenRefused(viewer.reason);
  if (options.optional) return null;
  throw new UnauthenticatedError();
}

/**
 * Resolves to the calling player. Without a token it throws UNAUTHENTICATED,
 * unless `{ optional: true }`, which gives null instead. A token that is
 * present but bad (expired, forged, or of a removed player) is always
 * UNAUTHENTICATED, naming `authorization` and the rule: silently treating it
 * as anonymous would hide an expired session from the client. A share
 * link's token is FORBIDDEN (rule `share-link-scope`) unless the field asks
 * for it with `{ shareLink: true }` and checks its campaign itself. Below a
 * field answered for a session of its own (`answerAs`), it is that session's
 * player, whatever the token.
 */
export const CurrentPlayer = createParamDecorator((options: CallerOptions | undefined, context: ExecutionContext): AuthenticatedPlayer | null => {
  const graphql = GqlExecutionContext.create(context);
  const request = graphql.getContext<RequestContext>();
  return answeredAsAt(request, graphql.getInfo<GraphQLResolveInfo | undefined>()?.path) ?? callerOf(request.viewer, options ?? {});
});
