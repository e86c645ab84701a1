import { ENDED_SESSION_REASON, EXPIRED_TOKEN_REASON, REMOVED_PLAYER_REASON } from '@scriptbook/platform';
import type { TokenGrant } from '@scriptbook/platform';
import { TokenEnding, TokenWatch } from './token-watch';

describe('TokenWatch', () => {
  const start = Date.parse('2026-12-01T10:00:00.000Z');
  const grant = (playerId: string, sessionId: string | undefined, expiresInMs: number, issuedAt = start / 1000): TokenGrant => ({
    playerId,
    ...(sessionId ? { sessionId } : {}),
    issuedAt,
    expiresAtMs: start + expiresInMs,
  });
  let ended: [string, TokenEnding][];
  let watch: TokenWatch<string>;

  beforeEach(() => {
    jest.useFakeTimers({ now: start });
    ended = [];
    watch = new TokenWatch<string>((holder, ending) => ended.push([holder, ending]));
  });
  afterEach(() => jest.useRealTimers());

  it('ends a holder when its token’s expiry comes, not a millisecond before', () => {
    watch.watch('phone', grant('ana', 's1', 900_000));
    jest.advanceTimersByTime(899_999);
    expect(ended).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(ended).toEqual([['phone', EXPIRED_TOKEN_REASON]]);
    expect(watch.size).toBe(0);
  });

  it('reaches an expiry beyond the longest timer Node takes in steps, rather than firing at once', () => {
    const thirtyDays = 30 * 86_400_000;
    watch.watch('tablet', grant('ana', 's1', thirtyDays));
    jest.advanceTimersByTime(2 ** 31);
    expect(ended).toEqual([]);
    jest.advanceTimersByTime(thirtyDays - 2 ** 31);
    expect(ended).toEqual([['tablet', EXPIRED_TOKEN_REASON]]);
  });

  it('ends at once a holder whose token has already expired', () => {
    watch.watch('late', grant('ana', 's1', 0));
    expect(ended).toEqual([['late', EXPIRED_TOKEN_REASON]]);
  });

  it('ends the holders of an ended session, and only those', () => {
    watch.watch('phone', grant('ana', 's1', 900_000));
    watch.watch('phone-second-campaign', grant('ana', 's1', 900_000));
    watch.watch('tablet', grant('ana', 's2', 900_000));
    watch.revoked({ sessions: ['s1', 'unknown'] });
    expect(ended).toEqual([
      ['phone', ENDED_SESSION_REASON],
      ['phone-second-campaign', ENDED_SESSION_REASON],
    ]);
    expect(watch.entries().map(([holder]) => holder)).toEqual(['tablet']);
  });

  it('ends a removed player’s holders whose tokens were issued up to the removal, not a later sign-in’s', () => {
    const second = start / 1000;
    watch.watch('old', grant('ana', 's1', 900_000, second - 5));
    watch.watch('same-second', grant('ana', 's2', 900_000, second));
    watch.watch('after', grant('ana', 's3', 900_000, second + 1));
    watch.watch('someone-else', grant('ben', 's4', 900_000, second - 5));
    watch.revoked({ player: 'ana', upTo: second });
    expect(ended).toEqual([
      ['old', REMOVED_PLAYER_REASON],
      ['same-second', REMOVED_PLAYER_REASON],
    ]);
    expect(watch.entries().map(([holder]) => holder).sort()).toEqual(['after', 'someone-else']);
  });

  it('ends a holder once, and never after it was forgotten', () => {
    watch.watch('phone', grant('ana', 's1', 1_000));
    watch.revoked({ sessions: ['s1'] });
    jest.advanceTimersByTime(1_000);
    watch.watch('tablet', grant('ana', 's2', 5_000));
    watch.forget('tablet');
    watch.revoked({ sessions: ['s2'] });
    jest.advanceTimersByTime(10_000);
    expect(ended).toEqual([['phone', ENDED_SESSION_REASON]]);
  });
});
