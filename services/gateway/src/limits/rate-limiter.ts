import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Logger, LOGGER, RateDecision, RateRule, REDIS_CLIENT, type RedisClient, RedisRateLimiter } from '@scriptbook/platform';
import { GatewayConfig } from '../gateway.config';

/**
 * Requests to /graphql per client per minute, in the shared Redis counters
 * so every gateway replica sees the same count. The caller passes a key it
 * has established itself (see `http/client-address.ts`). If Redis is
 * unreachable the request goes through: losing the limit briefly is better
 * than losing the API.
 */
@Injectable()
export class GatewayRateLimiter {
  private readonly rule: RateRule;
  private readonly limiter: RedisRateLimiter;

  constructor(
    @Inject(REDIS_CLIENT) redis: RedisClient,
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.rule = { name: 'graphql', limit: config.RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
    this.limiter = new RedisRateLimiter(redis, config);
  }

  /** `RATE_LIMIT_PER_MINUTE=0` turns the limit off. */
  get enabled(): boolean {
    return this.rule.limit > 0;
  }

  /** Counts one request for `key`; undefined when the limit is off or could not be counted. */
  consume(key: string): Promise<RateDecision | undefined> {
    return this.limiter.consumeOrAllow(this.rule, key, (error) => this.logger.warn({ err: error }, 'rate limit check failed; letting the request through'));
  }
}
