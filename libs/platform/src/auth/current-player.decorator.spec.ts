import { UnauthenticatedError } from '../errors/domain-errors';
import { playerOf } from './current-player.decorator';
import { ENDED_SESSION_REASON, EXPIRED_TOKEN_REASON, INVALID_TOKEN_REASON, REMOVED_PLAYER_REASON } from './token.service';

describe('playerOf (the caller, for reference resolvers)', () => {
  it('gives the player a valid token names', () => {
    expect(playerOf({ viewer: { kind: 'player', playerId: 'ana' } })).toEqual({ playerId: 'ana' });
  });

  it('refuses a bad token, even where a caller is optional, saying why', () => {
    const removed = { viewer: { kind: 'invalid', reason: REMOVED_PLAYER_REASON } } as const;
    expect(() => playerOf(removed, { optional: true })).toThrow(UnauthenticatedError);
    expect(() => playerOf(removed)).toThrow(`Sign in again: ${REMOVED_PLAYER_REASON}`);
  });

  it('names the header and a rule, so a client can tell "refresh and retry" from "sign in again"', () => {
    const refusal = (reason: Parameters<typeof playerOf>[0]['viewer'] & { kind: 'invalid' }) => {
      try {
        playerOf({ viewer: reason }, { optional: true });
      } catch (error) {
        return { code: (error as UnauthenticatedError).code, ...(error as UnauthenticatedError).details };
      }
      throw new Error('not refused');
    };
    expect(refusal({ kind: 'invalid', reason: EXPIRED_TOKEN_REASON })).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-expired' });
    expect(refusal({ kind: 'invalid', reason: INVALID_TOKEN_REASON })).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-invalid' });
    expect(refusal({ kind: 'invalid', reason: ENDED_SESSION_REASON })).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'session-ended' });
    expect(refusal({ kind: 'invalid', reason: REMOVED_PLAYER_REASON })).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'player-removed' });
  });

  it('refuses a missing token unless the caller is optional', () => {
    const anonymous = { viewer: { kind: 'anonymous' } } as const;
    expect(() => playerOf(anonymous)).toThrow(UnauthenticatedError);
    expect(playerOf(anonymous, { optional: true })).toBeNull();
  });
});
