/**
 * One kept answer: the bytes of a board read's HTTP body as Apollo sent
 * them, the head that went with them, and the boards' versions it was read
 * at. Bytes, not objects: a hit is written as it is, with nothing to
 * complete or serialize, and a Buffer lives outside the JavaScript heap, so
 * thousands of kept pages give the garbage collector nothing to trace.
 */
export interface KeptAnswer {
  /** The Redis keys of the versions the answer depends on, in the order `versions` joins them. */
  readonly versionKeys: readonly string[];
  readonly versions: string;
  readonly body: Buffer;
  /** Response headers besides `content-type`, which is chosen per request. */
  readonly headers: readonly (readonly [string, string])[];
}

/** What the cache holds now, for metrics and the benchmark. */
export interface BoardResponseCacheSize {
  readonly entries: number;
  /** The kept answers' bodies, JSON, in bytes: what the budget counts, held outside the heap. */
  readonly jsonBytes: number;
}

/**
 * `hit`: given from the cache; `miss`: nothing kept; `stale`: kept at other
 * versions, so dropped; `bypass`: Redis holds no version, so nothing may be
 * given or kept.
 */
export type BoardCacheOutcome = 'hit' | 'miss' | 'stale' | 'bypass';

export type BoardCacheLookup = { readonly outcome: 'hit'; readonly answer: KeptAnswer } | { readonly outcome: Exclude<BoardCacheOutcome, 'hit'> };

/**
 * The answers of board reads in one process, each kept with the boards'
 * versions it was read at and given again only while those are the
 * versions Redis holds. Least recently used answers go first once the
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

  /** The answer kept for `key`, whatever its versions, without counting a lookup: which versions to read for it. */
  peek(key: string): KeptAnswer | undefined {
    return this.answers.get(key);
  }

  /** The kept answer of `key` if it was read at exactly `versions` (null: Redis holds none). */
  lookup(key: string, versions: string | null): BoardCacheLookup {
    const found = this.find(key, versions);
    this.count(found.outcome);
    return found;
  }

  /** Counts a lookup decided elsewhere: a read that found nothing kept, before it is executed. */
  count(outcome: BoardCacheOutcome): void {
    this.outcomes[outcome]++;
  }

  private find(key: string, versions: string | null): BoardCacheLookup {
    if (versions === null) return { outcome: 'bypass' };
    const kept = this.answers.get(key);
    if (!kept) return { outcome: 'miss' };
    this.answers.delete(key);
    if (kept.versions !== versions) {
      this.jsonBytes -= kept.body.length;
      return { outcome: 'stale' };
    }
    // Back to the end of the map: the map's order is the order of use.
    this.answers.set(key, kept);
    return { outcome: 'hit', answer: kept };
  }

  /** Keeps an answer; one larger than the whole budget is not kept. */
  keep(key: string, answer: KeptAnswer): void {
    const bytes = answer.body.length;
    if (bytes > this.budgetBytes) return;
    const held = this.answers.get(key);
    if (held) {
      this.answers.delete(key);
      this.jsonBytes -= held.body.length;
    }
    while (this.jsonBytes + bytes > this.budgetBytes) {
      const [oldestKey, oldest] = this.answers.entries().next().value as [string, KeptAnswer];
      this.answers.delete(oldestKey);
      this.jsonBytes -= oldest.body.length;
    }
    this.answers.set(key, answer);
    this.jsonBytes += bytes;
  }
}
