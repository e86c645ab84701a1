import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { accessTokenRefused, AuthenticatedPlayer, DomainError, sendHttpError, shareLinkRefused, TokenService, UnauthenticatedError } from '@scriptbook/platform';

/** The HTTP status of each refusal a file route answers in the API's error shape. */
const STATUS: Record<string, number> = { BAD_USER_INPUT: 400, UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, SERVICE_UNAVAILABLE: 503 };

/**
 * The player a file route (a download, an upload) acts for, from the same
 * bearer token as `/graphql`. A share link's token is refused as every
 * field that needs a player refuses it: a share link reads and follows, and
 * a file is more than that.
 */
export async function playerOfFileRequest(tokens: TokenService, authorization: string | undefined, needs: string): Promise<AuthenticatedPlayer> {
  const viewer = await tokens.viewerOf(authorization);
  if (viewer.kind === 'share-link') throw shareLinkRefused();
  if (viewer.kind === 'invalid') throw accessTokenRefused(viewer.reason);
  if (viewer.kind !== 'player') throw new UnauthenticatedError(`Sign in first: ${needs}`);
  return viewer.sessionId ? { playerId: viewer.playerId, sessionId: viewer.sessionId } : { playerId: viewer.playerId };
}

/** Answers a refusal the route expects (a domain error with a status of its own) and says so; anything else is the caller's to throw. */
export function answeredRefusal(res: ServerResponse, error: unknown, headers: OutgoingHttpHeaders = {}): boolean {
  if (!(error instanceof DomainError) || !STATUS[error.code]) return false;
  sendHttpError(res, STATUS[error.code], error.message, error.code, headers, { ...error.details });
  return true;
}
