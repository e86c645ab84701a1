import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, BaseConfig, DomainError, ErrorCode, RateRule, REDIS_CLIENT, RedisRateLimiter } from '@scriptbook/platform';

/**
 * Every joinGroup attempt counts, right or wrong: with 2^50 possible codes
 * these limits put guessing out of reach while leaving room for typos.
 */
export const JOIN_PER_ACCOUNT: RateRule = { name: 'group-join:account', limit: 10, windowSeconds: 15 * 60 };
export const JOIN_PER_ADDRESS: RateRule = { name: 'group-join:address', limit: 30, windowSeconds: 15 * 60 };

@Injectable()
export class JoinThrottle {
  private readonly limiter: RedisRateLimiter;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(APP_CONFIG) config: BaseConfig) {
    this.limiter = new RedisRateLimiter(redis, config.REDIS_PREFIX);
  }

  /** Counts one attempt against both buckets; RATE_LIMITED naming the exhausted one. */
  async count(playerId: string, clientAddress: string): Promise<void> {
    const checks: [RateRule, string][] = [
      [JOIN_PER_ACCOUNT, playerId],
      [JOIN_PER_ADDRESS, clientAddress],
    ];
    const decisions = await Promise.all(checks.map(([rule, key]) => this.limiter.consume(rule, key)));
    const refused = decisions.map((decision, index) => ({ decision, rule: checks[index][0] })).filter(({ decision }) => decision.limited);
    if (refused.length === 0) return;
    const retryAfter = Math.max(...refused.map(({ decision }) => decision.retryAfter ?? decision.resetSeconds));
    throw new DomainError(ErrorCode.RATE_LIMITED, `Too many attempts to join a group; retry in ${retryAfter} s`, {
      field: 'code',
      rule: refused[0].rule.name,
      retryAfter,
    });
  }
}
