import { Random } from '@scriptbook/rules-engine';

/**
 * The engine's seeded generator with the few draws a fuzzer needs. One seed
 * decides every operation, value and order, so a run can be repeated.
 */
export class FuzzRandom {
  private readonly random: Random;

  private constructor(readonly seed: string) {
    this.random = Random.fromSeed(seed);
  }

  static fromSeed(seed: string): FuzzRandom {
    return new FuzzRandom(seed);
  }

  /** A generator of its own for one part of the run, so draws added elsewhere leave this part's sequence alone. */
  fork(label: string): FuzzRandom {
    return new FuzzRandom(`${this.seed}/${label}`);
  }

  int(min: number, max: number): number {
    return this.random.int(min, max);
  }

  chance(probability: number): boolean {
    return this.random.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return this.random.pick(items);
  }

  /** Picks by weight: `[[3, a], [1, b]]` gives `a` three times as often. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let at = this.random.float() * total;
    for (const [weight, item] of choices) {
      if ((at -= weight) < 0) return item;
    }
    return choices[choices.length - 1][1];
  }

  shuffle<T>(items: readonly T[]): T[] {
    return this.random.shuffle(items);
  }

  /** Base64url characters, as device ids and client ids are made. */
  token(length: number): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[this.random.int(0, alphabet.length - 1)];
    return out;
  }
}
