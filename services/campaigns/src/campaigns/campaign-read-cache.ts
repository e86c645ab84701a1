import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, BoundedMap, ConfirmedSubscription, createRedisSubscriber } from '@scriptbook/platform';
import type { CampaignsConfig } from '../campaigns.config';
import { campaignChangesChannel, CampaignChangedMessage, decodeCampaignChanged } from '../announcements/campaign-change-events';
import { CampaignChangePublisher } from '../announcements/campaign-change-publisher';
import { CampaignEntity } from '../store/campaign.entity';
import { PushTargetCache } from '../store/push-target-cache';

/** Campaign rows one replica keeps; a row is a few kilobytes at most. */
const ROWS_KEPT = 10_000;

/**
 * The campaign rows this replica read lately, so `campaign(id)` and
 * `Campaign` references answer without a database round trip while nothing
 * has changed. Every commit is announced on the campaign change channel
 * (pushes, undos, outcomes, the envelope fan-out); the announcement drops
 * the row here, and a commit made by this very replica drops it before the
 * write's answer leaves, so a device always reads back its own write.
 *
 * Rows are served only while the channel's subscription is live
 * (`ConfirmedSubscription`: confirmed, and heard from within the last
 * 1.5 s); after any sign that an announcement may have been lost the rows
 * are dropped. An announcement the writer could not publish at all (Redis
 * refused the PUBLISH, the change itself stored) is covered by the age
 * limit: no row is served older than `CAMPAIGN_READ_CACHE_MS`. Writes,
 * `campaignChanges` and history always read the database.
 *
 * The same announcements drop the rows this replica remembers for pushes
 * (push-target-cache.ts) that another replica has changed since, so a push
 * here reads the row instead of first trying a stale guess.
 */
@Injectable()
export class CampaignReadCache implements OnModuleInit, OnApplicationShutdown {
  private readonly rows = new BoundedMap<string, { row: CampaignEntity; expiresAt: number }>(ROWS_KEPT);
  /** The highest version announced per campaign, so a read that raced an announcement is not kept. */
  private readonly announced = new BoundedMap<string, number>(ROWS_KEPT);
  private readonly maxAgeMs: number;
  private readonly subscription?: ConfirmedSubscription;

  constructor(
    @Inject(APP_CONFIG) config: CampaignsConfig,
    publisher: CampaignChangePublisher,
    private readonly pushTargets: PushTargetCache,
  ) {
    this.maxAgeMs = config.CAMPAIGN_READ_CACHE_MS;
    if (this.maxAgeMs === 0) return;
    publisher.onCommit((message) => this.forget(message));
    this.subscription = new ConfirmedSubscription(createRedisSubscriber(config, 'scriptbook-campaign-read-cache'), campaignChangesChannel(config.REDIS_PREFIX), {
      message: (raw) => {
        const message = decodeCampaignChanged(raw);
        if (message) this.forget(message);
      },
      resync: async () => this.clear(),
      lost: () => this.clear(),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.subscription?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
  }

  /**
   * The rows of `ids` that exist: kept ones while they may be served, the
   * rest through `load` (one call for all of them), kept for next time
   * unless a change to them was announced since.
   */
  async read(ids: readonly string[], load: (ids: readonly string[]) => Promise<CampaignEntity[]>): Promise<CampaignEntity[]> {
    if (!this.subscription?.isLive) return load(ids);
    const now = Date.now();
    const found: CampaignEntity[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const kept = this.rows.get(id);
      if (kept && kept.expiresAt > now) found.push(kept.row);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    const stillLive = this.subscription.isLive;
    for (const row of loaded) {
      if (stillLive && row.version >= (this.announced.get(row.id) ?? 0)) this.rows.set(row.id, { row, expiresAt: now + this.maxAgeMs });
    }
    return [...found, ...loaded];
  }

  private forget(message: CampaignChangedMessage): void {
    this.pushTargets.heard(message.campaignId, message.version);
    if (message.version > (this.announced.get(message.campaignId) ?? 0)) this.announced.set(message.campaignId, message.version);
    const kept = this.rows.get(message.campaignId);
    if (kept && kept.row.version < message.version) this.rows.delete(message.campaignId);
  }

  private clear(): void {
    this.rows.clear();
    this.pushTargets.clear();
  }
}
