import type { RedisClient } from '../redis/redis-connection';
import { BoundedMap } from '../cache/bounded-map';
import { DomainError, ErrorCode, NotFoundError, ServiceUnavailableError } from '../errors/domain-errors';
import { ALL_GROUPS, MembershipKeys, membershipKeys, MembershipRole, personalGroupId, personalGroupOwner, VERSION_FIELD } from './membership-keys';

/**
 * Membership could not be established (Redis unreachable or too slow, or the
 * read model not yet rebuilt after a flush). The caller is refused with
 * SERVICE_UNAVAILABLE, never told a possibly false "not a member", and
 * nothing is written; the cause is kept for the log.
 */
export class MembershipUnavailableError extends ServiceUnavailableError {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Group membership cannot be checked right now (${reason}); nothing was changed, retry shortly`);
    this.name = 'MembershipUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export interface MembershipReaderOptions {
  /**
   * How long a group read from Redis is reused while the invalidation
   * channel is connected. It bounds staleness when an invalidation is lost.
   */
  readonly cacheTtlMs?: number;
  /** Most groups kept in memory; the oldest are dropped first. */
  readonly cacheSize?: number;
  readonly now?: () => number;
}

export const DEFAULT_MEMBERSHIP_CACHE_TTL_MS = 5_000;
const DEFAULT_CACHE_SIZE = 10_000;

interface CachedGroup {
  /** null: the read model knows no such group. */
  readonly members: ReadonlyMap<string, MembershipRole> | null;
  readonly expiresAt: number;
}

/**
 * How campaigns, scoring and any other subgraph check group membership
 * without calling accounts: they read the Redis model accounts maintains.
 * A short in-process cache absorbs repeated checks within a request burst;
 * accounts' pub/sub message drops a changed group from it at once, and the
 * cache is bypassed whenever that channel is not connected. Every failure to
 * establish membership refuses (fails closed).
 */
export class MembershipReader {
  private readonly keys: MembershipKeys;
  private readonly cacheTtlMs: number;
  private readonly now: () => number;
  private readonly cache: BoundedMap<string, CachedGroup>;
  private listening = false;
  private started = false;
  /** Counts invalidations, so a read that raced one is not cached. */
  private invalidations = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly subscriber: RedisClient,
    redisPrefix: string,
    options: MembershipReaderOptions = {},
  ) {
    this.keys = membershipKeys(redisPrefix);
    this.cacheTtlMs = options.cacheTtlMs ?? DEFAULT_MEMBERSHIP_CACHE_TTL_MS;
    this.cache = new BoundedMap(options.cacheSize ?? DEFAULT_CACHE_SIZE);
    this.now = options.now ?? Date.now;
  }

  /** Subscribes to accounts' change messages; until then nothing is cached. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.subscriber.on('message', (channel: string, groupId: string) => {
      if (channel === this.keys.changes) this.forget(groupId);
    });
    // While disconnected, messages are lost: stop trusting the cache until
    // ioredis has subscribed again.
    for (const event of ['close', 'reconnecting', 'end', 'error']) {
      this.subscriber.on(event, () => {
        this.listening = false;
        this.forget(ALL_GROUPS);
      });
    }
    // ioredis subscribes again by itself once reconnected.
    this.subscriber.on('ready', () => {
      this.listening = true;
    });
    await this.subscriber.subscribe(this.keys.changes);
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.cache.clear();
    if (this.subscriber.status === 'wait') this.subscriber.disconnect();
    else if (this.subscriber.status !== 'end') await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** The player's role in the group, or null when not a member (or no such group). */
  async roleOf(groupId: string, playerId: string): Promise<MembershipRole | null> {
    const personalOwner = personalGroupOwner(groupId);
    if (personalOwner !== null) return personalOwner === playerId ? 'OWNER' : null;
    const members = await this.membersOf(groupId);
    return members?.get(playerId) ?? null;
  }

  async isMember(groupId: string, playerId: string): Promise<boolean> {
    return (await this.roleOf(groupId, playerId)) !== null;
  }

  /**
   * The caller's role, or NOT_FOUND naming `field`: a non-member learns
   * nothing, not even whether the group exists.
   */
  async requireMember(groupId: string, playerId: string, field = 'groupId'): Promise<MembershipRole> {
    const role = await this.roleOf(groupId, playerId);
    if (role === null) throw new NotFoundError('Group', groupId, field);
    return role;
  }

  /**
   * Who is in the group, in player-id order, for a viewer who is in it: a
   * group's own leaderboard or member list. A personal group's one member is
   * its owner. Anyone else gets NOT_FOUND naming `field`, as `requireMember`.
   * One read answers both the viewer's membership and the list, so the two agree.
   */
  async requireMembers(groupId: string, viewerId: string, field = 'groupId'): Promise<string[]> {
    const personalOwner = personalGroupOwner(groupId);
    const members = personalOwner !== null ? [personalOwner] : [...((await this.membersOf(groupId))?.keys() ?? [])];
    if (!members.includes(viewerId)) throw new NotFoundError('Group', groupId, field);
    return members.sort();
  }

  /** As `requireMember`, then FORBIDDEN (rule `owner`) for a member who does not own the group. */
  async requireOwner(groupId: string, playerId: string, field = 'groupId'): Promise<void> {
    const role = await this.requireMember(groupId, playerId, field);
    if (role !== 'OWNER') {
      throw new DomainError(ErrorCode.FORBIDDEN, `Only the owner of group ${groupId} may do this`, { field, rule: 'owner' });
    }
  }

  /**
   * Every group the player belongs to: the personal group first, then the
   * shared ones in id order. Read from Redis each time (never cached), each
   * shared group confirmed against its own hash.
   */
  async groupsOf(playerId: string): Promise<string[]> {
    const candidates = await this.guard(() => this.redis.smembers(this.keys.player(playerId)));
    if (candidates.length === 0) {
      await this.requireBuilt();
      return [personalGroupId(playerId)];
    }
    const roles = await this.guard(async () => {
      const pipeline = this.redis.pipeline();
      for (const groupId of candidates) pipeline.hget(this.keys.group(groupId), playerId);
      return ((await pipeline.exec()) ?? []).map(([error, role]) => {
        if (error) throw error;
        return role as string | null;
      });
    });
    const confirmed = candidates.filter((_, index) => roles[index] !== null).sort();
    return [personalGroupId(playerId), ...confirmed];
  }

  /** Drops one group (or all, for `*`) from the in-process cache. */
  forget(groupId: string): void {
    this.invalidations += 1;
    if (groupId === ALL_GROUPS) this.cache.clear();
    else this.cache.delete(groupId);
  }

  private async membersOf(groupId: string): Promise<ReadonlyMap<string, MembershipRole> | null> {
    const now = this.now();
    const cached = this.cache.get(groupId);
    if (cached && cached.expiresAt > now && this.listening) return cached.members;
    const invalidationsBefore = this.invalidations;
    const hash = await this.guard(() => this.redis.hgetall(this.keys.group(groupId)));
    let members: Map<string, MembershipRole> | null = null;
    if (hash[VERSION_FIELD] === undefined) {
      await this.requireBuilt();
    } else {
      members = new Map();
      for (const [playerId, role] of Object.entries(hash)) {
        if (playerId !== VERSION_FIELD) members.set(playerId, role as MembershipRole);
      }
    }
    // A change message that arrived while Redis answered may be about this very
    // group, and the answer may predate it: use it once, do not keep it.
    if (this.listening && this.invalidations === invalidationsBefore) {
      this.cache.set(groupId, { members, expiresAt: now + this.cacheTtlMs });
    }
    return members;
  }

  /** A group missing from a model that was never (re)built is unknown, not absent. */
  private async requireBuilt(): Promise<void> {
    const built = await this.guard(() => this.redis.exists(this.keys.built));
    if (built !== 1) throw new MembershipUnavailableError('the read model is being rebuilt');
  }

  private async guard<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof MembershipUnavailableError) throw error;
      throw new MembershipUnavailableError('Redis did not answer', { cause: error });
    }
  }
}
