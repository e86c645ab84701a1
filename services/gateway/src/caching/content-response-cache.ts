import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Logger, LOGGER, REDIS_CLIENT, type RedisClient } from '@scriptbook/platform';
import { GatewayConfig } from '../gateway.config';

/** A content-only answer as the cache keeps it: the `data` JSON and the cost it was measured at. */
export interface CachedAnswer {
  readonly contentType: string;
  readonly data: string;
  readonly cost: number | null;
}

/**
 * Content-only answers shared by every gateway replica, in Redis, under
 * their cache tag (which already carries the content release). Entries
 * live as long as a client may keep the answer itself. Redis trouble never
 * fails a request: a read that fails is a miss, a write that fails is
 * skipped.
 */
@Injectable()
export class ContentResponseCache {
  private readonly prefix: string;
  readonly ttlSeconds: number;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.prefix = `${config.REDIS_PREFIX}:gateway:content-answer:`;
    this.ttlSeconds = config.CONTENT_CACHE_MAX_AGE_SECONDS;
  }

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  async get(tag: string): Promise<CachedAnswer | undefined> {
    try {
      const stored = await this.redis.get(this.prefix + tag);
      return stored ? (JSON.parse(stored) as CachedAnswer) : undefined;
    } catch (error) {
      this.logger.warn({ err: error }, 'content answer cache read failed; executing the operation');
      return undefined;
    }
  }

  async set(tag: string, answer: CachedAnswer): Promise<void> {
    try {
      await this.redis.set(this.prefix + tag, JSON.stringify(answer), 'EX', this.ttlSeconds);
    } catch (error) {
      this.logger.warn({ err: error }, 'content answer cache write failed');
    }
  }
}
