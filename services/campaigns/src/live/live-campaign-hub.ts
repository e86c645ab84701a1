import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, BaseConfig, createRedisSubscriber, isShareLinkPrincipal, LOGGER, NotFoundError, type RedisClient, TokenService } from '@scriptbook/platform';
import type { Logger, TokenGrant } from '@scriptbook/platform';
import { ALL_GROUPS, MembershipReader, membershipKeys } from '@scriptbook/platform/membership';
import { CampaignStore } from '../store/campaign-store';
import { campaignChangesChannel, decodeCampaignChanged } from '../announcements/campaign-change-events';
import { CampaignFeed } from './campaign-feed';
import { liveTokenRefused } from './live-token-errors';
import { TokenWatch } from './token-watch';

/** How long a subscriber waits for a change announced out of order before asking the database. */
export const GAP_WAIT_MS = 500;

/**
 * While this process's revocation mirror is not confirmed live it hears no
 * revocation, so every subscription's token is checked in Redis this often
 * instead. The mirror notices a connection that died without closing
 * within 1.5 s, so a revocation ends a stream within 3.5 s at worst.
 */
export const UNHEARD_REVOCATION_CHECK_MS = 2_000;

/**
 * The process's one subscriber connection: committed changes from every
 * replica fan out to the local subscriptions of that campaign, and a
 * membership change published by accounts re-checks the subscriptions of
 * that group, ending those of players who left or were removed. After a
 * reconnect (messages may have been lost meanwhile) every subscription
 * re-checks its token and membership and catches up from the database.
 *
 * A subscription lives no longer than the token it was started with: it
 * ends at the token's expiry, and as soon as this process hears that the
 * token's session ended or its player was removed (`TokenService`'s
 * revocation mirror, fed by the same pub/sub that makes every replica's
 * checks current). While the mirror is not live, tokens are checked in
 * Redis every `UNHEARD_REVOCATION_CHECK_MS`.
 */
@Injectable()
export class LiveCampaignHub implements OnModuleInit, OnApplicationShutdown {
  private readonly subscriber: RedisClient;
  private readonly changesChannel: string;
  private readonly membershipChannel: string;
  private readonly feeds = new Map<string, Set<CampaignFeed>>();
  private readonly gapTimers = new Map<CampaignFeed, NodeJS.Timeout>();
  private readonly tokenWatch = new TokenWatch<CampaignFeed>((feed, ending) => feed.fail(liveTokenRefused(ending)));
  private stopHearing?: () => void;
  private unheardCheck?: NodeJS.Timeout;
  private checkingUnheard = false;
  private connectedOnce = false;

  constructor(
    @Inject(APP_CONFIG) config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly campaigns: CampaignStore,
    private readonly membership: MembershipReader,
    private readonly tokens: TokenService,
  ) {
    this.subscriber = createRedisSubscriber(config, 'scriptbook-campaign-live');
    this.changesChannel = campaignChangesChannel(config.REDIS_PREFIX);
    this.membershipChannel = membershipKeys(config.REDIS_PREFIX).changes;
  }

  async onModuleInit(): Promise<void> {
    this.stopHearing = this.tokens.onRevocation((revocation) => this.tokenWatch.revoked(revocation));
    this.unheardCheck = setInterval(() => void this.checkUnheardRevocations(), UNHEARD_REVOCATION_CHECK_MS);
    this.unheardCheck.unref();
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
    this.stopHearing?.();
    clearInterval(this.unheardCheck);
    for (const timer of this.gapTimers.values()) clearTimeout(timer);
    for (const set of this.feeds.values()) for (const feed of set) feed.end();
    if (this.subscriber.status !== 'end') await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /**
   * Registers a feed before its starting version is read, so no change
   * slips between the two, and watches its token from the same moment: the
   * token was checked just before, with no I/O in between, so no
   * revocation can fall between the check and the watch.
   */
  open(campaignId: string, grant: TokenGrant): CampaignFeed {
    const feed = new CampaignFeed(campaignId, grant);
    const set = this.feeds.get(campaignId) ?? new Set<CampaignFeed>();
    set.add(feed);
    this.feeds.set(campaignId, set);
    this.tokenWatch.watch(feed, grant);
    return feed;
  }

  close(feed: CampaignFeed): void {
    this.tokenWatch.forget(feed);
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
      if (message.recheckAccess && feed.started) void this.recheckCampaign(feed);
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
      const version = await this.campaigns.versionOf(feed.campaignId);
      if (version !== null) feed.catchUp(version);
    } catch (error) {
      this.logger.warn({ err: error, campaignId: feed.campaignId }, 'live follower could not read the campaign version');
    }
  }

  /** After a delete or a transfer: a deleted campaign ends the feed, a moved one is followed only by members of its new group. */
  private async recheckCampaign(feed: CampaignFeed): Promise<boolean> {
    try {
      const [row] = await this.campaigns.find([feed.campaignId]);
      if (!row || row.deletedAt !== null) {
        feed.fail(new NotFoundError('Campaign', feed.campaignId, 'campaignId'));
        return false;
      }
      feed.groupId = row.groupId;
    } catch (error) {
      // Fails closed, as a membership check does: the device reconnects and is checked afresh.
      feed.fail(error as Error);
      return false;
    }
    return this.checkMember(feed);
  }

  private async recheckMembership(groupId: string): Promise<void> {
    // The reader drops its cached copy on the same message; ours may arrive first.
    this.membership.forget(groupId);
    const affected = [...this.feeds.values()].flatMap((set) => [...set]).filter((feed) => feed.started && (groupId === ALL_GROUPS || feed.groupId === groupId));
    await Promise.all(affected.map((feed) => this.checkMember(feed)));
  }

  /** Whether the feed may go on: false once it has been ended. */
  private async checkMember(feed: CampaignFeed): Promise<boolean> {
    // A share link follows its one campaign whoever the members are; its revocation, not membership, ends it (TokenWatch).
    if (isShareLinkPrincipal(feed.playerId)) return true;
    try {
      if (await this.membership.isMember(feed.groupId!, feed.playerId)) return true;
      feed.fail(new NotFoundError('Campaign', feed.campaignId, 'campaignId'));
    } catch (error) {
      // Fails closed, as every read does: the device reconnects and is checked afresh.
      feed.fail(error as Error);
    }
    return false;
  }

  /** Whether the feed's token still holds, asked afresh: false once the feed has been ended. */
  private async checkToken(feed: CampaignFeed): Promise<boolean> {
    try {
      const revoked = await this.tokens.revocationOf(feed.grant);
      if (!revoked) return true;
      this.tokenWatch.finish(feed, revoked);
    } catch (error) {
      // Unconfirmed is not confirmed: fail closed, as membership does.
      this.tokenWatch.forget(feed);
      feed.fail(error as Error);
    }
    return false;
  }

  /**
   * Revocations are heard only while the mirror is live. Otherwise each
   * token is checked in Redis, but only while this hub can still deliver
   * events: with its own subscription down nothing reaches the device, and
   * its reconnect checks every token before delivering anything.
   */
  private async checkUnheardRevocations(): Promise<void> {
    if (this.checkingUnheard || this.tokens.answersRevocationsFromMemory || this.subscriber.status !== 'ready' || this.tokenWatch.size === 0) return;
    this.checkingUnheard = true;
    try {
      await Promise.all(this.tokenWatch.entries().map(([feed]) => this.checkToken(feed)));
    } finally {
      this.checkingUnheard = false;
    }
  }

  private async resyncAll(): Promise<void> {
    this.membership.forget(ALL_GROUPS);
    const all = [...this.feeds.values()].flatMap((set) => [...set]).filter((feed) => feed.started);
    await Promise.all(all.map(async (feed) => {
      // A delete or transfer announced while the subscription was down is found here.
      if ((await this.checkToken(feed)) && (await this.recheckCampaign(feed))) await this.catchUp(feed);
    }));
  }
}
