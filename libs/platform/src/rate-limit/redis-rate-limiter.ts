import type Redis from 'ioredis';

/** What one counted attempt learned about its bucket. */
export interface RateDecision {
  readonly limited: boolean;
  /** Attempts the window allows. */
  readonly limit: number;
  /** Attempts left in this window after this one (0 when limited). */
  readonly remaining: number;
  /** Seconds until the window resets. */
  readonly resetSeconds: number;
  /** Seconds to wait before trying again; set only when limited. */
  readonly retryAfter?: number;
}

/** One kind of attempt counted per key: requests per address, logins per account, ... */
export interface RateRule {
  /** Names the bucket family in Redis keys and logs: `graphql`, `login:address`. */
  readonly name: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Decrements a window's counter only while it exists, so no counter is left without its expiry. */
const REFUND = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

/**
 * Fixed-window counters in Redis, shared by every replica of every service.
 * Callers pass keys they have already validated and bounded (an address,
 * a normalized email, a player id): an unchecked header never names a bucket.
 */
export class RedisRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Counts one attempt against `rule` for `key`; `rule.limit <= 0` never limits. */
  async consume(rule: RateRule, key: string, nowMs = Date.now()): Promise<RateDecision> {
    const nowSeconds = nowMs / 1000;
    const windowIndex = Math.floor(nowSeconds / rule.windowSeconds);
    const resetSeconds = Math.max(1, Math.ceil((windowIndex + 1) * rule.windowSeconds - nowSeconds));
    if (rule.limit <= 0) return { limited: false, limit: 0, remaining: 0, resetSeconds };
    const redisKey = `${this.prefix}:ratelimit:${rule.name}:${key}:${windowIndex}`;
    const [[, counted]] = (await this.redis.multi().incr(redisKey).expire(redisKey, rule.windowSeconds).exec()) as [[unknown, number]];
    if (counted <= rule.limit) return { limited: false, limit: rule.limit, remaining: rule.limit - counted, resetSeconds };
    return { limited: true, limit: rule.limit, remaining: 0, resetSeconds, retryAfter: resetSeconds };
  }

  /**
   * `consume` for a limit that fails open: undefined when the rule is off
   * (`limit <= 0`) or Redis could not count, after telling `uncounted` why.
   * For limits where losing the count briefly beats refusing the service
   * (the gateway's requests, live-update sockets), never for logins.
   */
  async consumeOrAllow(rule: RateRule, key: string, uncounted: (error: unknown) => void): Promise<RateDecision | undefined> {
    if (rule.limit <= 0) return undefined;
    try {
      return await this.consume(rule, key);
    } catch (error) {
      uncounted(error);
      return undefined;
    }
  }

  /**
   * Gives back one attempt counted at `nowMs`, for a request that turned out
   * not to count (a retry answered from storage). A window that has already
   * ended is left alone.
   */
  async refund(rule: RateRule, key: string, nowMs = Date.now()): Promise<void> {
    if (rule.limit <= 0) return;
    const windowIndex = Math.floor(nowMs / 1000 / rule.windowSeconds);
    await this.redis.eval(REFUND, 1, `${this.prefix}:ratelimit:${rule.name}:${key}:${windowIndex}`);
  }

  /** Forgets a key's current window, e.g. an account's failed logins after a success. */
  async reset(rule: RateRule, key: string, nowMs = Date.now()): Promise<void> {
    const windowIndex = Math.floor(nowMs / 1000 / rule.windowSeconds);
    await this.redis.del(`${this.prefix}:ratelimit:${rule.name}:${key}:${windowIndex}`);
  }
}
