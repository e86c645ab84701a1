import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, DomainError, ErrorCode, RateRule, REDIS_CLIENT, type RedisClient, RedisRateLimiter } from '@scriptbook/platform';
import { AccountsConfig } from '../accounts.config';
import { needsRedis } from '../sessions/needs-redis';

/**
 * Every joinGroup attempt counts, right or wrong: with 2^50 possible codes
 * the configured limits (JOIN_* in accounts.config.ts) put guessing out of
 * reach while leaving room for typos.
 */
export function joinRules(config: AccountsConfig): { perAccount: RateRule; perAddress: RateRule } {
  return {
    perAccount: { name: 'group-join:account', limit: config.JOIN_ACCOUNT_LIMIT, windowSeconds: config.JOIN_ACCOUNT_WINDOW_SECONDS },
    perAddress: { name: 'group-join:address', limit: config.JOIN_ADDRESS_LIMIT, windowSeconds: config.JOIN_ADDRESS_WINDOW_SECONDS },
  };
}

@Injectable()
export class JoinThrottle {
  private readonly limiter: RedisRateLimiter;
  private readonly rules: { perAccount: RateRule; perAddress: RateRule };

  constructor(@Inject(REDIS_CLIENT) redis: RedisClient, @Inject(APP_CONFIG) config: AccountsConfig) {
    this.limiter = new RedisRateLimiter(redis, config);
    this.rules = joinRules(config);
  }

  /** Counts one attempt against both buckets; RATE_LIMITED naming the exhausted one. */
  async count(playerId: string, clientAddress: string): Promise<void> {
    const checks: [RateRule, string][] = [
      [this.rules.perAccount, playerId],
      [this.rules.perAddress, clientAddress],
    ];
    const decisions = await needsRedis('Counting attempts to join a group', () => Promise.all(checks.map(([rule, key]) => this.limiter.consume(rule, key))));
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
