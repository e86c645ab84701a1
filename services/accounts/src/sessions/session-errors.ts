import { DomainError, ErrorCode } from '@scriptbook/platform';

const refused = (rule: string, message: string) => new DomainError(ErrorCode.UNAUTHENTICATED, message, { field: 'refreshToken', rule });

/**
 * Why a refresh token was refused. Each tells the client the same thing (sign
 * in again); the rule says why, for its logs and for support.
 */
export const refreshErrors = {
  unknown: () => refused('unknown', 'This refresh token is not one the server issued; sign in again'),
  expired: () => refused('expired', 'This refresh token has expired; sign in again'),
  ended: () => refused('ended', 'This session was signed out; sign in again'),
  reused: () =>
    refused('reused', 'This refresh token was already used, so it may have been copied: the whole session is now signed out; sign in again'),
};
