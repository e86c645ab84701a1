import { rollDie } from '@scriptbook/rules-engine';
import { BLACK_D10 } from '../rules/core/black-die';
import { Random } from '@scriptbook/rules-engine';

/**
 * Finds a seed whose first Black-die rolls are `values`, so a test can put a
 * procedure on an exact table row. Only valid for procedures whose first
 * draws from the generator are those Black-die rolls.
 */
export function seedForRolls(values: readonly number[], prefix = 'roll'): string {
  for (let i = 0; i < 1_000_000; i++) {
    const seed = `${prefix}-${i}`;
    const random = Random.fromSeed(seed);
    if (values.every((v) => rollDie(random, BLACK_D10).value === v)) return seed;
  }
  throw new Error(`no seed found for ${values.join(', ')}`);
}
