import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, clientAddressOf, LOGGER, RateDecision, RateRule, REDIS_CLIENT, type RedisClient, RedisRateLimiter } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import type { IncomingMessage } from 'node:http';
import type { CampaignsConfig } from '../campaigns.config';

/**
 * WebSocket upgrades to /graphql/ws per client address per minute, counted
 * in the shared Redis so every replica sees the same count. A socket is
 * long-lived, so a device needs few; a client opening them in a loop is
 * refused with 429 before the server holds a socket for it. The address is
 * the one the gateway signed (else, unsigned in development, the socket's
 * peer). If Redis cannot count, the upgrade goes through, as the gateway
 * does for requests: losing the limit briefly beats losing live updates.
 */
@Injectable()
export class UpgradeRateLimit {
  private readonly rule: RateRule;
  private readonly limiter: RedisRateLimiter;

  constructor(
    @Inject(REDIS_CLIENT) redis: RedisClient,
    @Inject(APP_CONFIG) config: CampaignsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.rule = { name: 'live-upgrade', limit: config.LIVE_UPGRADES_PER_MINUTE, windowSeconds: 60 };
    this.limiter = new RedisRateLimiter(redis, config);
  }

  /** Counts one upgrade; undefined when the limit is off (`LIVE_UPGRADES_PER_MINUTE=0`) or could not be counted. */
  consume(req: IncomingMessage, signedAddress: string | undefined): Promise<RateDecision | undefined> {
    return this.limiter.consumeOrAllow(this.rule, clientAddressOf({ clientAddress: signedAddress, req }), (error) =>
      this.logger.warn({ err: error }, 'WebSocket upgrade limit could not be counted; letting the upgrade through'),
    );
  }
}
