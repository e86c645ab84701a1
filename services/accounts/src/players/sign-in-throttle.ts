import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, RateLimitedError, RateRule, REDIS_CLIENT, RedisRateLimiter } from '@scriptbook/platform';
import { AccountsConfig } from '../accounts.config';

/**
 * Bounds password guessing and sign-up probing: each attempt counts against
 * the account it names and the address it comes from, and the first bucket
 * over its limit refuses it with RATE_LIMITED before any password is
 * hashed. Counting happens whether or not the account exists, so a refusal
 * says nothing about it either.
 */
@Injectable()
export class SignInThrottle {
  private readonly limiter: RedisRateLimiter;
  private readonly rules: Record<'loginAccount' | 'loginAddress' | 'registerAccount' | 'registerAddress', RateRule>;

  constructor(@Inject(REDIS_CLIENT) redis: Redis, @Inject(APP_CONFIG) config: AccountsConfig) {
    this.limiter = new RedisRateLimiter(redis, config.REDIS_PREFIX);
    this.rules = {
      loginAccount: { name: 'login:account', limit: config.LOGIN_ACCOUNT_LIMIT, windowSeconds: config.LOGIN_ACCOUNT_WINDOW_SECONDS },
      loginAddress: { name: 'login:address', limit: config.LOGIN_ADDRESS_LIMIT, windowSeconds: config.LOGIN_ADDRESS_WINDOW_SECONDS },
      registerAccount: { name: 'register:account', limit: config.REGISTER_ACCOUNT_LIMIT, windowSeconds: config.REGISTER_ACCOUNT_WINDOW_SECONDS },
      registerAddress: { name: 'register:address', limit: config.REGISTER_ADDRESS_LIMIT, windowSeconds: config.REGISTER_ADDRESS_WINDOW_SECONDS },
    };
  }

  /** Counts a password check for `email` (already normalized) from `address`. */
  async login(email: string, address: string): Promise<void> {
    await this.consume(this.rules.loginAddress, address);
    await this.consume(this.rules.loginAccount, email);
  }

  /** After the right password: the account's earlier failures no longer count. */
  async loginSucceeded(email: string): Promise<void> {
    await this.limiter.reset(this.rules.loginAccount, email);
  }

  async register(email: string, address: string): Promise<void> {
    await this.consume(this.rules.registerAddress, address);
    await this.consume(this.rules.registerAccount, email);
  }

  private async consume(rule: RateRule, key: string): Promise<void> {
    const decision = await this.limiter.consume(rule, key);
    if (decision.limited) throw new RateLimitedError(decision.retryAfter ?? decision.resetSeconds);
  }
}
