import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { UnauthenticatedError } from '../errors/domain-errors';
import { Viewer } from './token.service';

export interface AuthenticatedPlayer {
  readonly playerId: string;
}

export interface RequestContext {
  readonly viewer: Viewer;
}

/**
 * Resolves to the calling player. Without a token it throws UNAUTHENTICATED,
 * unless `{ optional: true }`, which gives null instead. A token that is
 * present but bad is always UNAUTHENTICATED: silently treating it as
 * anonymous would hide an expired session from the client.
 */
export const CurrentPlayer = createParamDecorator(
  (options: { optional?: boolean } | undefined, context: ExecutionContext): AuthenticatedPlayer | null => {
    const { viewer } = GqlExecutionContext.create(context).getContext<RequestContext>();
    if (viewer.kind === 'player') return { playerId: viewer.playerId };
    if (viewer.kind === 'invalid') throw new UnauthenticatedError(`Sign in again: ${viewer.reason}`);
    if (options?.optional) return null;
    throw new UnauthenticatedError();
  },
);
