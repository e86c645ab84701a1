import { randomBytes } from 'node:crypto';
import { BadUserInputError } from '@scriptbook/platform';

export const MAX_SEED_LENGTH = 128;

/**
 * The caller's seed, or a fresh one. Drawing it here, at the edge, keeps the
 * engine free of any source of chance but the seed it is handed.
 */
export function seedOrDraw(seed: string | null | undefined, field = 'input.seed'): string {
  if (seed === null || seed === undefined) return randomBytes(9).toString('base64url');
  if (seed.length === 0 || seed.length > MAX_SEED_LENGTH) {
    throw new BadUserInputError(field, 'length', `${field} must be 1 to ${MAX_SEED_LENGTH} characters`);
  }
  return seed;
}
