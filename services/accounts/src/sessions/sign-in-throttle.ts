import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, RateLimitedError, RateRule, REDIS_CLIENT, type RedisClient, RedisRateLimiter } from '@scriptbook/platform';
import { AccountsConfig } from '../accounts.config';
import { needsRedis } from './needs-redis';

type RuleName =
  | 'loginAccount'
  | 'loginAddress'
  | 'registerAccount'
  | 'registerAddress'
  | 'deviceAccount'
  | 'deviceAddress'
  | 'newDevicePlayerAddress'
  | 'refreshAccount'
  | 'refreshAddress';

/**
 * Bounds password guessing, sign-up probing, device sign-in and refresh:
 * each attempt counts against the account it names and the address it comes
 * from, and the first bucket over its limit refuses it with RATE_LIMITED
 * before any password is hashed or token looked up. Counting happens whether
 * or not the account exists, so a refusal says nothing about it either.
 */
@Injectable()
export class SignInThrottle {
  private readonly limiter: RedisRateLimiter;
  private readonly rules: Record<RuleName, RateRule>;

  constructor(@Inject(REDIS_CLIENT) redis: RedisClient, @Inject(APP_CONFIG) config: AccountsConfig) {
    this.limiter = new RedisRateLimiter(redis, config);
    this.rules = {
      loginAccount: { name: 'login:account', limit: config.LOGIN_ACCOUNT_LIMIT, windowSeconds: config.LOGIN_ACCOUNT_WINDOW_SECONDS },
      loginAddress: { name: 'login:address', limit: config.LOGIN_ADDRESS_LIMIT, windowSeconds: config.LOGIN_ADDRESS_WINDOW_SECONDS },
      registerAccount: { name: 'register:account', limit: config.REGISTER_ACCOUNT_LIMIT, windowSeconds: config.REGISTER_ACCOUNT_WINDOW_SECONDS },
      registerAddress: { name: 'register:address', limit: config.REGISTER_ADDRESS_LIMIT, windowSeconds: config.REGISTER_ADDRESS_WINDOW_SECONDS },
      deviceAccount: { name: 'device:account', limit: config.DEVICE_ACCOUNT_LIMIT, windowSeconds: config.DEVICE_ACCOUNT_WINDOW_SECONDS },
      deviceAddress: { name: 'device:address', limit: config.DEVICE_ADDRESS_LIMIT, windowSeconds: config.DEVICE_ADDRESS_WINDOW_SECONDS },
      newDevicePlayerAddress: {
        name: 'device:new-player:address',
        limit: config.DEVICE_PLAYER_ADDRESS_LIMIT,
        windowSeconds: config.DEVICE_PLAYER_ADDRESS_WINDOW_SECONDS,
      },
      refreshAccount: { name: 'refresh:account', limit: config.REFRESH_ACCOUNT_LIMIT, windowSeconds: config.REFRESH_ACCOUNT_WINDOW_SECONDS },
      refreshAddress: { name: 'refresh:address', limit: config.REFRESH_ADDRESS_LIMIT, windowSeconds: config.REFRESH_ADDRESS_WINDOW_SECONDS },
    };
  }

  /** Counts a password check for `email` (already normalized) from `address`. */
  async login(email: string, address: string): Promise<void> {
    await this.consume(this.rules.loginAddress, address);
    await this.consume(this.rules.loginAccount, email);
  }

  /** After the right password: the account's earlier failures no longer count. */
  async loginSucceeded(email: string): Promise<void> {
    await needsRedis('Counting sign-in attempts', () => this.limiter.reset(this.rules.loginAccount, email));
  }

  async register(email: string, address: string): Promise<void> {
    await this.consume(this.rules.registerAddress, address);
    await this.consume(this.rules.registerAccount, email);
  }

  /** Counts a device sign-in or link for the device (its id's hash, never the id) from `address`. */
  async device(deviceHash: string, address: string): Promise<void> {
    await this.consume(this.rules.deviceAddress, address);
    await this.consume(this.rules.deviceAccount, deviceHash);
  }

  /**
   * Counts a player that a device id seen for the first time is about to
   * create, from `address`: the same bound as registrations, since an
   * anonymous player costs what an email account costs. A known device
   * signing in again creates nothing and is not counted here.
   */
  async newDevicePlayerFrom(address: string): Promise<void> {
    await this.consume(this.rules.newDevicePlayerAddress, address);
  }

  /** Counts a refresh from `address`, before its token is looked up. */
  async refreshFrom(address: string): Promise<void> {
    await this.consume(this.rules.refreshAddress, address);
  }

  /** Counts a refresh for the player whose session it is, all of their devices together. */
  async refreshFor(playerId: string): Promise<void> {
    await this.consume(this.rules.refreshAccount, playerId);
  }

  /** An attempt that cannot be counted is refused, never let through: these limits are what stands between a guesser and a password. */
  private async consume(rule: RateRule, key: string): Promise<void> {
    const decision = await needsRedis('Counting sign-in attempts', () => this.limiter.consume(rule, key));
    if (decision.limited) throw new RateLimitedError(decision.retryAfter ?? decision.resetSeconds);
  }
}
