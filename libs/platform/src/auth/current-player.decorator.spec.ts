import { UnauthenticatedError } from '../errors/domain-errors';
import { playerOf } from './current-player.decorator';
import { REMOVED_PLAYER_REASON } from './token.service';

describe('playerOf (the caller, for reference resolvers)', () => {
  it('gives the player a valid token names', () => {
    expect(playerOf({ viewer: { kind: 'player', playerId: 'ana' } })).toEqual({ playerId: 'ana' });
  });

  it('refuses a bad token, even where a caller is optional, saying why', () => {
    const removed = { viewer: { kind: 'invalid', reason: REMOVED_PLAYER_REASON } } as const;
    expect(() => playerOf(removed, { optional: true })).toThrow(UnauthenticatedError);
    expect(() => playerOf(removed)).toThrow(`Sign in again: ${REMOVED_PLAYER_REASON}`);
  });

  it('refuses a missing token unless the caller is optional', () => {
    const anonymous = { viewer: { kind: 'anonymous' } } as const;
    expect(() => playerOf(anonymous)).toThrow(UnauthenticatedError);
    expect(playerOf(anonymous, { optional: true })).toBeNull();
  });
});
