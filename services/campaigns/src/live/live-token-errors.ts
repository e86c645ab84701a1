import {
  ACCESS_TOKEN_FIELD,
  ACCESS_TOKEN_RULES,
  DomainError,
  ENDED_SESSION_REASON,
  ErrorCode,
  EXPIRED_TOKEN_REASON,
  InvalidTokenReason,
  REMOVED_PLAYER_REASON,
  UnauthenticatedError,
  Viewer,
} from '@scriptbook/platform';

const CATCH_UP = 'then pull campaignChanges from the last version you saw';

/** What the device does next, for the reasons a stream most often ends with; the others are a plain "sign in again". */
const NEXT_STEP: Partial<Record<InvalidTokenReason, string>> = {
  [EXPIRED_TOKEN_REASON]: `The access token expired: refresh the session, reconnect with the new token in connection_init, ${CATCH_UP}`,
  [ENDED_SESSION_REASON]: `The session was signed out or ended: sign in again, reconnect with the new token, ${CATCH_UP}`,
  [REMOVED_PLAYER_REASON]: 'The player no longer exists',
};

/**
 * UNAUTHENTICATED for a live subscription, refused at its start or ended
 * while streaming: the same `field` (`authorization`, the connection_init
 * key) and `rule` as a request over HTTP gets for the same token, with a
 * message that says how a live connection recovers.
 */
export function liveTokenRefused(reason: InvalidTokenReason): DomainError {
  return new DomainError(ErrorCode.UNAUTHENTICATED, NEXT_STEP[reason] ?? `Sign in again: ${reason}`, {
    field: ACCESS_TOKEN_FIELD,
    rule: ACCESS_TOKEN_RULES[reason],
  });
}

/** The refusal for a viewer that is not a player: no token, or one that does not hold. */
export function liveViewerRefused(viewer: Exclude<Viewer, { kind: 'player' }>): DomainError {
  if (viewer.kind === 'invalid') return liveTokenRefused(viewer.reason);
  return new UnauthenticatedError('Sign in first: send { "authorization": "Bearer <accessToken>" } as the connection_init payload');
}
