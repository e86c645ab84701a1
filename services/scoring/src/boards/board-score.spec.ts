import { decodeBoardScore, encodeBoardScore, MAX_BOARD_SCORE } from './board-score';

describe('board score encoding', () => {
  const early = new Date('2026-11-30T10:00:00.000Z');
  const later = new Date('2026-11-30T10:00:00.001Z');

  it('ranks a higher score above a lower one whenever either was recorded', () => {
    expect(encodeBoardScore(21, new Date('2090-01-01T00:00:00Z'))).toBeGreaterThan(encodeBoardScore(20, early));
    expect(encodeBoardScore(-3, early)).toBeGreaterThan(encodeBoardScore(-4, early));
  });

  it('ranks the earlier of two equal scores first, to the millisecond', () => {
    expect(encodeBoardScore(20, early)).toBeGreaterThan(encodeBoardScore(20, later));
  });

  it('decodes back to the score and the instant, within exact double range', () => {
    for (const score of [-MAX_BOARD_SCORE, -1, 0, 20, MAX_BOARD_SCORE]) {
      const encoded = encodeBoardScore(score, later);
      expect(Number.isSafeInteger(encoded)).toBe(true);
      expect(decodeBoardScore(encoded)).toEqual({ score, recordedAt: later });
    }
  });

  it('refuses what it cannot rank', () => {
    expect(() => encodeBoardScore(MAX_BOARD_SCORE + 1, early)).toThrow(RangeError);
    expect(() => encodeBoardScore(1.5, early)).toThrow(RangeError);
    expect(() => encodeBoardScore(1, new Date('2024-12-31T23:59:59Z'))).toThrow(RangeError);
  });
});
