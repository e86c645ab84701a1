import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, BaseConfig, createRedisSubscriber, InjectRepository, LOGGER, NotFoundError } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { ALL_GROUPS, MembershipReader, membershipKeys } from '@scriptbook/platform/membership';
import type Redis from 'ioredis';
import { Repository } from 'typeorm';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { campaignChangesChannel, decodeCampaignChanged } from './campaign-change-events';
import { CampaignFeed } from './campaign-feed';

/** How long a subscriber waits for a change announced out of order before asking the database. */
export const GAP_WAIT_MS = 500;

/**
 * The process's one subscriber connection: committed changes from every
 * replica fan out to the local subscriptions of that campaign, and a
 * membership change published by accounts re-checks the subscriptions of
 * that group, ending those of players who left or were removed. After a
 * reconnect (messages may have been lost meanwhile) every subscription
 * re-checks membership and catches up from the database.
 */
@Injectable()
export class LiveCampaignHub implements OnModuleInit, OnApplicationShutdown {
  private readonly subscriber: Redis;
  private readonly changesChannel: string;
  private readonly membershipChannel: string;
  private readonly feeds = new Map<string, Set<CampaignFeed>>();
  private readonly gapTimers = new Map<CampaignFeed, NodeJS.Timeout>();
  private connectedOnce = false;

  constructor(
    @Inject(APP_CONFIG) config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @InjectRepository(CampaignEntity) private readonly campaigns: Repository<CampaignEntity>,
    private readonly membership: MembershipReader,
  ) {
    this.subscriber = createRedisSubscriber(config, 'scriptbook-campaign-live');
    this.changesChannel = campaignChangesChannel(config.REDIS_PREFIX);
    this.membershipChannel = membershipKeys(config.REDIS_PREFIX).changes;
  }

  async onModuleInit(): Promise<void> {
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel === this.changesChannel) this.onChange(raw);
      else if (channel === this.membershipChannel) void this.recheckMembership(raw);
    });
    this.subscriber.on('ready', () => {
      if (this.connectedOnce) void this.resyncAll();
      this.connectedOnce = true;
    });
    this.subscriber.on('error', (error: Error) => this.logger.warn({ err: error }, 'live updates lost Redis; followers catch up on reconnect'));
    await this.subscriber.subscribe(this.changesChannel, this.membershipChannel);
    this.connectedOnce = true;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.gapTimers.values()) clearTimeout(timer);
    for (const set of this.feeds.values()) for (const feed of set) feed.end();
    if (this.subscriber.status !== 'end') await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** Registers a feed before its starting version is read, so no change slips between the two. */
  open(campaignId: string, playerId: string): CampaignFeed {
    const feed = new CampaignFeed(campaignId, playerId);
    const set = this.feeds.get(campaignId) ?? new Set<CampaignFeed>();
    set.add(feed);
    this.feeds.set(campaignId, set);
    return feed;
  }

  close(feed: CampaignFeed): void {
    clearTimeout(this.gapTimers.get(feed));
    this.gapTimers.delete(feed);
    const set = this.feeds.get(feed.campaignId);
    set?.delete(feed);
    if (set?.size === 0) this.feeds.delete(feed.campaignId);
  }

  /** How many subscriptions this process serves, for tests and metrics. */
  get size(): number {
    let count = 0;
    for (const set of this.feeds.values()) count += set.size;
    return count;
  }

  private onChange(raw: string): void {
    const message = decodeCampaignChanged(raw);
    if (!message) return;
    for (const feed of this.feeds.get(message.campaignId) ?? []) {
      feed.accept(message);
      if (feed.hasGap && !this.gapTimers.has(feed)) {
        this.gapTimers.set(
          feed,
          setTimeout(() => {
            this.gapTimers.delete(feed);
            void this.catchUp(feed);
          }, GAP_WAIT_MS),
        );
      }
    }
  }

  private async catchUp(feed: CampaignFeed): Promise<void> {
    try {
      const row = await this.campaigns.findOne({ where: { id: feed.campaignId }, select: { id: true, version: true } });
      if (row) feed.catchUp(row.version);
    } catch (error) {
      this.logger.warn({ err: error, campaignId: feed.campaignId }, 'live follower could not read the campaign version');
    }
  }

  private async recheckMembership(groupId: string): Promise<void> {
    // The reader drops its cached copy on the same message; ours may arrive first.
    this.membership.forget(groupId);
    const affected = [...this.feeds.values()].flatMap((set) => [...set]).filter((feed) => feed.started && (groupId === ALL_GROUPS || feed.groupId === groupId));
    await Promise.all(affected.map((feed) => this.checkMember(feed)));
  }

  private async checkMember(feed: CampaignFeed): Promise<void> {
    try {
      if (!(await this.membership.isMember(feed.groupId!, feed.playerId))) feed.fail(new NotFoundError('Campaign', feed.campaignId, 'campaignId'));
    } catch (error) {
      // Fails closed, as every read does: the device reconnects and is checked afresh.
      feed.fail(error as Error);
    }
  }

  private async resyncAll(): Promise<void> {
    this.membership.forget(ALL_GROUPS);
    const all = [...this.feeds.values()].flatMap((set) => [...set]).filter((feed) => feed.started);
    await Promise.all(all.map(async (feed) => {
      await this.checkMember(feed);
      await this.catchUp(feed);
    }));
  }
}
