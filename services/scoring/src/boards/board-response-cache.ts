/** One kept answer: the data of a board read, and the boards' versions it was read at. */
interface KeptAnswer {
  readonly versions: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** Its size as JSON, what the budget counts. */
  readonly bytes: number;
}

/** What the cache holds now, for metrics and the benchmark. */
export interface BoardResponseCacheSize {
  readonly entries: number;
  /** The kept answers' size as JSON; the heap they take is a multiple of it (docs/scoring.md gives the measured one). */
  readonly jsonBytes: number;
}

/**
 * `hit`: given from the cache; `miss`: nothing kept; `stale`: kept at other
 * versions, so dropped; `bypass`: Redis holds no version, so nothing may be
 * given or kept.
 */
export type BoardCacheOutcome = 'hit' | 'miss' | 'stale' | 'bypass';

export type BoardCacheLookup = { readonly outcome: 'hit'; readonly data: Readonly<Record<string, unknown>> } | { readonly outcome: Exclude<BoardCacheOutcome, 'hit'> };

/**
 * The answers of board reads in one process, each kept with the boards'
 * versions it was read at and given again only while those are the
 * versions Redis holds. Least recently used answers go first once the JSON
 * budget is spent; an answer found stale goes at once.
 */
export class BoardResponseCache {
  private readonly answers = new Map<string, KeptAnswer>();
  private jsonBytes = 0;
  /** Lookups by outcome since the process started. */
  readonly outcomes: Record<BoardCacheOutcome, number> = { hit: 0, miss: 0, stale: 0, bypass: 0 };

  constructor(private readonly budgetBytes: number) {}

  get enabled(): boolean {
    return this.budgetBytes > 0;
  }

  get size(): BoardResponseCacheSize {
    return { entries: this.answers.size, jsonBytes: this.jsonBytes };
  }

  /** The kept answer of `key` if it was read at exactly `versions` (null: Redis holds none). */
  lookup(key: string, versions: string | null): BoardCacheLookup {
    const found = this.find(key, versions);
    this.outcomes[found.outcome]++;
    return found;
  }

  private find(key: string, versions: string | null): BoardCacheLookup {
    if (versions === null) return { outcome: 'bypass' };
    const kept = this.answers.get(key);
    if (!kept) return { outcome: 'miss' };
    this.answers.delete(key);
    if (kept.versions !== versions) {
      this.jsonBytes -= kept.bytes;
      return { outcome: 'stale' };
    }
    // Back to the end of the map: the map's order is the order of use.
    this.answers.set(key, kept);
    return { outcome: 'hit', data: kept.data };
  }

  /** The versions the answer of `key` was kept at; null when none is kept. */
  versionsOf(key: string): string | null {
    return this.answers.get(key)?.versions ?? null;
  }

  /** Keeps an answer read at `versions`; one larger than the whole budget is not kept. */
  keep(key: string, versions: string, data: Readonly<Record<string, unknown>>): void {
    const bytes = JSON.stringify(data).length;
    if (bytes > this.budgetBytes) return;
    const held = this.answers.get(key);
    if (held) {
      this.answers.delete(key);
      this.jsonBytes -= held.bytes;
    }
    while (this.jsonBytes + bytes > this.budgetBytes) {
      const [oldestKey, oldest] = this.answers.entries().next().value as [string, KeptAnswer];
      this.answers.delete(oldestKey);
      this.jsonBytes -= oldest.bytes;
    }
    this.answers.set(key, { versions, data: deepFreeze(data), bytes });
    this.jsonBytes += bytes;
  }
}

/** A kept answer is handed to every later request: none may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
