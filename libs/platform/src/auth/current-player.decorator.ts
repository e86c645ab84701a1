import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { UnauthenticatedError } from '../errors/domain-errors';
import { Viewer } from './token.service';

export interface AuthenticatedPlayer {
  readonly playerId: string;
  /** The session the access token belongs to; absent only in tokens issued before sessions existed. */
  readonly sessionId?: string;
}

export interface RequestContext {
  readonly viewer: Viewer;
}

/**
 * The calling player from a GraphQL context, for code that has the context
 * rather than a parameter: reference resolvers (`_entities`) authorize with
 * it exactly as the public fields do with `@CurrentPlayer()`.
 */
export function playerOf(context: RequestContext, options: { optional: true }): AuthenticatedPlayer | null;
export function playerOf(context: RequestContext, options?: { optional?: false }): AuthenticatedPlayer;
export function playerOf(context: RequestContext, options?: { optional?: boolean }): AuthenticatedPlayer | null {
  return callerOf(context.viewer, options?.optional ?? false);
}

function callerOf(viewer: Viewer, optional: boolean): AuthenticatedPlayer | null {
  if (viewer.kind === 'player') return viewer.sessionId ? { playerId: viewer.playerId, sessionId: viewer.sessionId } : { playerId: viewer.playerId };
  if (viewer.kind === 'invalid') throw new UnauthenticatedError(`Sign in again: ${viewer.reason}`);
  if (optional) return null;
  throw new UnauthenticatedError();
}

/**
 * Resolves to the calling player. Without a token it throws UNAUTHENTICATED,
 * unless `{ optional: true }`, which gives null instead. A token that is
 * present but bad (expired, forged, or of a removed player) is always
 * UNAUTHENTICATED: silently treating it as anonymous would hide an expired
 * session from the client.
 */
export const CurrentPlayer = createParamDecorator(
  (options: { optional?: boolean } | undefined, context: ExecutionContext): AuthenticatedPlayer | null =>
    callerOf(GqlExecutionContext.create(context).getContext<RequestContext>().viewer, options?.optional ?? false),
);
