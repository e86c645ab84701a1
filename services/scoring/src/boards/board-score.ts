/**
 * One sorted-set score carries both the game score and the tie-break: the
 * score in the high bits, and in the low 41 bits how long before the end of
 * the encodable time range the result was recorded. Higher is better, so of
 * two equal scores the earlier result ranks first. 41 bits of milliseconds
 * cover 69 years from 2025; scores up to ±2047 keep the whole value within
 * the 53 bits a double holds exactly.
 */
const TIME_BITS = 2 ** 41;
const EPOCH_MS = Date.UTC(2025, 0, 1);
export const MAX_BOARD_SCORE = 2047;

export function encodeBoardScore(score: number, recordedAt: Date): number {
  if (!Number.isInteger(score) || Math.abs(score) > MAX_BOARD_SCORE) throw new RangeError(`score ${score} cannot be ranked`);
  const elapsed = recordedAt.getTime() - EPOCH_MS;
  if (elapsed < 0 || elapsed >= TIME_BITS) throw new RangeError(`${recordedAt.toISOString()} is outside the ranked time range`);
  return score * TIME_BITS + (TIME_BITS - 1 - elapsed);
}

export function decodeBoardScore(encoded: number): { score: number; recordedAt: Date } {
  const score = Math.floor(encoded / TIME_BITS);
  const remainder = encoded - score * TIME_BITS;
  return { score, recordedAt: new Date(EPOCH_MS + (TIME_BITS - 1 - remainder)) };
}
