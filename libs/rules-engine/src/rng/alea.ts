/**
 * Alea, Johannes Baagøe's small generator (public domain, 2010): three
 * floating-point lags and a carry, seeded from a string through his "Mash"
 * hash. It is the generator boardgame.io keeps in its game state, chosen here
 * for the same reasons: tiny, fast, string-seedable, and its whole state is
 * four numbers that serialise to JSON without loss.
 *
 * Written from the published algorithm. The arithmetic must stay exactly as it
 * is: golden tests pin the outputs, and replays on other devices rely on them.
 */

/** The complete generator state. Restoring it resumes the exact same stream. */
export interface AleaState {
  readonly s0: number;
  readonly s1: number;
  readonly s2: number;
  readonly c: number;
}

const TWO_POW_32 = 0x100000000;
const TWO_POW_MINUS_32 = 2.3283064365386963e-10;

/** Mash: folds string data into a 32-bit fraction; it keeps state across calls. */
function createMash(): (data: string) => number {
  let n = 0xefc8249d;
  return (data: string): number => {
    for (let i = 0; i < data.length; i++) {
      n += data.charCodeAt(i);
      let h = 0.02519603282416938 * n;
      n = h >>> 0;
      h -= n;
      h *= n;
      n = h >>> 0;
      h -= n;
      n += h * TWO_POW_32;
    }
    return (n >>> 0) * TWO_POW_MINUS_32;
  };
}

/** Derives the initial state from a seed string. */
export function aleaStateFromSeed(seed: string): AleaState {
  const mash = createMash();
  let s0 = mash(' ');
  let s1 = mash(' ');
  let s2 = mash(' ');
  s0 -= mash(seed);
  if (s0 < 0) s0 += 1;
  s1 -= mash(seed);
  if (s1 < 0) s1 += 1;
  s2 -= mash(seed);
  if (s2 < 0) s2 += 1;
  return { s0, s1, s2, c: 1 };
}

/** A mutable generator over an Alea state; `next()` yields a float in [0, 1). */
export class Alea {
  private s0: number;
  private s1: number;
  private s2: number;
  private c: number;

  constructor(state: AleaState) {
    this.s0 = state.s0;
    this.s1 = state.s1;
    this.s2 = state.s2;
    this.c = state.c;
  }

  next(): number {
    const t = 2091639 * this.s0 + this.c * TWO_POW_MINUS_32;
    this.s0 = this.s1;
    this.s1 = this.s2;
    this.c = t | 0;
    this.s2 = t - this.c;
    return this.s2;
  }

  state(): AleaState {
    return { s0: this.s0, s1: this.s1, s2: this.s2, c: this.c };
  }
}
