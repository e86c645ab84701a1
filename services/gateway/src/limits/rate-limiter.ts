import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, LOGGER, Logger, REDIS_CLIENT } from '@scriptbook/platform';
import { GatewayConfig } from '../gateway.config';

const WINDOW_SECONDS = 60;

export type RateDecision =
  | { readonly limited: false; readonly limit?: number; readonly remaining?: number }
  | { readonly limited: true; readonly limit: number; readonly remaining: 0; readonly retryAfter: number };

/**
 * A fixed one-minute window per client address, counted in Redis so every
 * gateway replica shares it. If Redis is unreachable the request goes
 * through: losing the limit briefly is better than losing the API.
 */
@Injectable()
export class RateLimiter {
  private readonly perMinute: number;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.perMinute = config.RATE_LIMIT_PER_MINUTE;
    this.prefix = config.REDIS_PREFIX;
  }

  /** `RATE_LIMIT_PER_MINUTE=0` turns the limit off. */
  get enabled(): boolean {
    return this.perMinute > 0;
  }

  async check(clientAddress: string): Promise<RateDecision> {
    if (!this.enabled) return { limited: false };
    const nowSeconds = Date.now() / 1000;
    const key = `${this.prefix}:ratelimit:${clientAddress}:${Math.floor(nowSeconds / WINDOW_SECONDS)}`;
    let count: number;
    try {
      const [[, counted]] = (await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS).exec()) as [[unknown, number]];
      count = counted;
    } catch (error) {
      this.logger.warn({ err: error }, 'rate limit check failed; letting the request through');
      return { limited: false };
    }
    if (count <= this.perMinute) return { limited: false, limit: this.perMinute, remaining: this.perMinute - count };
    const retryAfter = WINDOW_SECONDS - (Math.floor(nowSeconds) % WINDOW_SECONDS);
    return { limited: true, limit: this.perMinute, remaining: 0, retryAfter };
  }
}
