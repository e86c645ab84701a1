import { Alea, AleaState, aleaStateFromSeed } from './alea';

export type RngState = AleaState;

/**
 * The only source of chance in the engine. Procedures receive one, never call
 * Math.random, and hand back `state()` so a caller can continue the stream.
 */
export class Random {
  private readonly alea: Alea;

  private constructor(state: AleaState) {
    this.alea = new Alea(state);
  }

  static fromSeed(seed: string): Random {
    return new Random(aleaStateFromSeed(seed));
  }

  static fromState(state: RngState): Random {
    return new Random(state);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.alea.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Random.int needs integers with min <= max, got ${min}..${max}`);
    }
    return min + Math.floor(this.alea.next() * (max - min + 1));
  }

  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick needs at least one item');
    return items[this.int(0, items.length - 1)];
  }

  /** A shuffled copy (Fisher-Yates, drawing from the end). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  state(): RngState {
    return this.alea.state();
  }
}
