import { createHmac } from 'node:crypto';
import type { RedisClient } from '../redis/redis-connection';
import type { BaseConfig } from '../config/config';

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

/**
 * What the limiter needs of a service's settings: where its keys live, and
 * the secret its bucket names are derived with. The secret is optional only
 * in the type: some services' config types leave the shared secrets to
 * `readConfig`, which always fills them in.
 */
export type RateLimiterConfig = Pick<BaseConfig, 'REDIS_PREFIX'> & { readonly JWT_SECRET?: string };

/** Domain separation: the bucket key is derived from JWT_SECRET, never the secret itself reused as an HMAC key. */
const BUCKET_KEY_LABEL = 'scriptbook rate-limit bucket names v1';

/** Decrements a window's counter only while it exists, so no counter is left without its expiry. */
const REFUND = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

/**
 * Fixed-window counters in Redis, shared by every replica of every service.
 * Callers pass keys they have already validated and bounded (an address,
 * a normalized email, a player id): an unchecked header never names a bucket.
 *
 * The key itself never reaches Redis: buckets are named by an HMAC-SHA-256
 * of it under a key derived from JWT_SECRET, which every replica shares and
 * Redis never holds. Emails and addresses are few enough to guess, so a
 * plain hash of them in a dump of Redis (or its logs, or a MONITOR) would be
 * reversed by trying them all; without the secret that gives nothing.
 * Rotating JWT_SECRET renames every bucket, which starts every count afresh.
 */
export class RedisRateLimiter {
  private readonly prefix: string;
  private readonly bucketKey: Buffer;

  constructor(
    private readonly redis: RedisClient,
    config: RateLimiterConfig,
  ) {
    if (!config.JWT_SECRET) throw new Error('RedisRateLimiter needs JWT_SECRET to name its buckets');
    this.prefix = config.REDIS_PREFIX;
    this.bucketKey = createHmac('sha256', config.JWT_SECRET).update(BUCKET_KEY_LABEL).digest();
  }

  /** Counts one attempt against `rule` for `key`; `rule.limit <= 0` never limits. */
  async consume(rule: RateRule, key: string, nowMs = Date.now()): Promise<RateDecision> {
    const nowSeconds = nowMs / 1000;
    const windowIndex = Math.floor(nowSeconds / rule.windowSeconds);
    const resetSeconds = Math.max(1, Math.ceil((windowIndex + 1) * rule.windowSeconds - nowSeconds));
    if (rule.limit <= 0) return { limited: false, limit: 0, remaining: 0, resetSeconds };
    const redisKey = this.bucket(rule, key, windowIndex);
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
    await this.redis.eval(REFUND, 1, this.bucket(rule, key, windowIndex));
  }

  /** Forgets a key's current window, e.g. an account's failed logins after a success. */
  async reset(rule: RateRule, key: string, nowMs = Date.now()): Promise<void> {
    const windowIndex = Math.floor(nowMs / 1000 / rule.windowSeconds);
    await this.redis.del(this.bucket(rule, key, windowIndex));
  }

  /** The Redis key of one window of `key`'s bucket: the rule's name in clear (for operators), the key only as its HMAC. */
  private bucket(rule: RateRule, key: string, windowIndex: number): string {
    const name = createHmac('sha256', this.bucketKey).update(`${rule.name}\u0000${key}`).digest('base64url');
    return `${this.prefix}:ratelimit:${rule.name}:${name}:${windowIndex}`;
  }
}
