import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, BaseConfig, LOGGER, REDIS_CLIENT, type RedisClient } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { campaignChangesChannel, CampaignChangedMessage, encodeCampaignChanged } from './campaign-change-events';

/**
 * Announces committed changes to every replica's subscribers. Runs after the
 * commit and never fails the write: when Redis does not take the message the
 * change is still stored, and followers close the gap from the database on
 * their next message or reconnect (docs/sync.md, "When Redis is away").
 */
@Injectable()
export class CampaignChangePublisher {
  private readonly channel: string;
  private readonly localListeners: ((message: CampaignChangedMessage) => void)[] = [];

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
    @Inject(APP_CONFIG) config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.channel = campaignChangesChannel(config.REDIS_PREFIX);
  }

  /**
   * Hears this process's own commits as they are announced, before Redis
   * carries them to anyone: what this replica keeps of a campaign is dropped
   * before the write's answer leaves, whatever Redis does with the message.
   */
  onCommit(listener: (message: CampaignChangedMessage) => void): void {
    this.localListeners.push(listener);
  }

  /** Many commits at once (a batch of the envelope fan-out): one round trip to Redis for all of them. */
  changedMany(messages: readonly CampaignChangedMessage[]): void {
    if (messages.length === 0) return;
    for (const message of messages) this.tellLocal(message);
    const pipeline = this.redis.pipeline();
    for (const message of messages) pipeline.publish(this.channel, encodeCampaignChanged(message));
    pipeline.exec().catch((error: unknown) => {
      this.logger.warn({ err: error, campaigns: messages.length }, 'campaign changes not announced: live followers catch up later');
    });
  }

  changed(message: CampaignChangedMessage): void {
    this.tellLocal(message);
    this.redis.publish(this.channel, encodeCampaignChanged(message)).catch((error: unknown) => {
      this.logger.warn({ err: error, ...message }, 'campaign change not announced: live followers catch up later');
    });
  }

  private tellLocal(message: CampaignChangedMessage): void {
    for (const listener of this.localListeners) listener(message);
  }
}
