import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, In, MoreThan } from 'typeorm';
import { APP_CONFIG, BaseConfig, Logger, LOGGER, REDIS_CLIENT, type RedisClient } from '@scriptbook/platform';
import { GroupMembershipSnapshot, MembershipWriter } from '@scriptbook/platform/membership';
import { GroupMembershipEntity } from './group-membership.entity';
import { PlayGroupEntity } from './play-group.entity';

/** How often failed writes are retried and a flushed model is noticed. */
export const MEMBERSHIP_RETRY_INTERVAL_MS = 5_000;
/** A full rebuild also runs this often, covering a process that died between commit and write. */
export const MEMBERSHIP_FULL_REBUILD_INTERVAL_MS = 5 * 60_000;
const REBUILD_BATCH = 500;
const REBUILD_ATTEMPTS = 3;

/**
 * Keeps the Redis membership model that other subgraphs read in step with
 * accounts' tables: each committed change is written at once; a write that
 * fails is retried; the whole model is rebuilt at start, when a flush
 * removed it, periodically, and on demand (`rebuildAll`, the repair).
 * Personal groups are left out: readers answer them from the id alone.
 */
@Injectable()
export class GroupMembershipSync implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly writer: MembershipWriter;
  private readonly failed = new Set<string>();
  private timer?: NodeJS.Timeout;
  private ticking = false;
  private lastFullRebuild = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) redis: RedisClient,
    @Inject(APP_CONFIG) config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.writer = new MembershipWriter(redis, config.REDIS_PREFIX);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), MEMBERSHIP_RETRY_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Call after the transaction that changed a group's membership has committed. */
  async groupChanged(groupId: string): Promise<void> {
    try {
      const [snapshot] = await this.snapshots([groupId]);
      if (snapshot) await this.writer.write(snapshot);
      this.failed.delete(groupId);
    } catch (error) {
      // The change is committed; readers keep the old view until the retry lands.
      this.failed.add(groupId);
      this.logger.warn({ err: error, groupId }, 'membership read model not updated; will retry');
    }
  }

  /** Rewrites every shared group from the database; returns how many were written. */
  async rebuildAll(): Promise<number> {
    for (let attempt = 1; attempt <= REBUILD_ATTEMPTS; attempt += 1) {
      const token = await this.writer.startRebuild();
      let written = 0;
      let after = '';
      for (;;) {
        const groups = await this.dataSource.getRepository(PlayGroupEntity).find({
          select: { id: true },
          where: { kind: 'SHARED', id: MoreThan(after) },
          order: { id: 'ASC' },
          take: REBUILD_BATCH,
        });
        if (groups.length === 0) break;
        const snapshots = await this.snapshots(groups.map((group) => group.id));
        await Promise.all(snapshots.map((snapshot) => this.writer.write(snapshot)));
        written += snapshots.length;
        after = groups[groups.length - 1].id;
      }
      if (await this.writer.finishRebuild(token)) {
        this.lastFullRebuild = Date.now();
        this.failed.clear();
        this.logger.info({ groups: written }, 'membership read model rebuilt');
        return written;
      }
    }
    throw new Error(`membership read model was flushed during ${REBUILD_ATTEMPTS} rebuilds in a row`);
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const due = Date.now() - this.lastFullRebuild >= MEMBERSHIP_FULL_REBUILD_INTERVAL_MS;
      if (due || !(await this.writer.isBuilt())) {
        await this.rebuildAll();
      } else {
        for (const groupId of [...this.failed]) await this.groupChanged(groupId);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'membership read model upkeep failed; will retry');
    } finally {
      this.ticking = false;
    }
  }

  private async snapshots(groupIds: string[]): Promise<GroupMembershipSnapshot[]> {
    const groups = await this.dataSource.getRepository(PlayGroupEntity).findBy({ id: In(groupIds), kind: 'SHARED' });
    const memberships = await this.dataSource.getRepository(GroupMembershipEntity).findBy({ groupId: In(groupIds) });
    const membersOf = new Map<string, GroupMembershipSnapshot['members'][number][]>();
    for (const membership of memberships) {
      const members = membersOf.get(membership.groupId) ?? [];
      members.push({ playerId: membership.playerId, role: membership.role });
      membersOf.set(membership.groupId, members);
    }
    return groups.map((group) => ({ groupId: group.id, version: group.membershipVersion, members: membersOf.get(group.id) ?? [] }));
  }
}
