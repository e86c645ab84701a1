import { Injectable } from '@nestjs/common';
import { DataSource, In, LessThan, Like, MoreThan, Not } from 'typeorm';
import {
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  isUniqueViolation,
  pageSize,
  parseInput,
  timeOrderedId,
  toConnection,
} from '@scriptbook/platform';
import { personalGroupId, personalGroupOwner } from '@scriptbook/platform/membership';
import { inTransaction } from '@scriptbook/platform/persistence/serialized-transaction';
import { requireExistingPlayer, toGroup } from './group-access';
import { groupErrors } from './group-errors';
import { GroupMembershipEntity } from './group-membership.entity';
import { GroupMembershipSync } from './group-membership-sync';
import { CreateGroupInput, createGroupSchema } from './group.inputs';
import { Group, GroupRole } from './group.model';
import { PlayGroupEntity } from './play-group.entity';

/** What a member list row carries before accounts resolves the player. */
export interface GroupMemberRow {
  readonly playerId: string;
  readonly role: GroupRole;
  readonly joinedAt: Date;
}

const PERSONAL_GROUP_NAME = 'Personal';

/**
 * Play groups as their members see them: creating one, the personal group,
 * and the reads. Membership changes live in GroupMembershipService,
 * invitations in GroupInvitationsService.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sync: GroupMembershipSync,
  ) {}

  async create(ownerId: string, input: CreateGroupInput): Promise<Group> {
    const valid = parseInput(createGroupSchema, input);
    await requireExistingPlayer(this.dataSource.manager, ownerId);
    const group = await inTransaction(this.dataSource, async (manager) => {
      const entity = manager.create(PlayGroupEntity, { id: timeOrderedId(), name: valid.name, kind: 'SHARED', membershipVersion: 1 });
      await manager.insert(PlayGroupEntity, entity);
      await manager.insert(GroupMembershipEntity, { id: timeOrderedId(), groupId: entity.id, playerId: ownerId, role: 'OWNER' });
      return manager.findOneByOrFail(PlayGroupEntity, { id: entity.id });
    });
    await this.sync.groupChanged(group.id);
    return toGroup(group, GroupRole.OWNER);
  }

  /** The group as its member sees it; null for everyone else, so nothing about it leaks. */
  async find(groupId: string, viewerId: string): Promise<Group | null> {
    if (personalGroupOwner(groupId) === viewerId) return this.personalGroup(viewerId);
    const membership = await this.dataSource.getRepository(GroupMembershipEntity).findOneBy({ groupId, playerId: viewerId });
    if (!membership) return null;
    const group = await this.dataSource.getRepository(PlayGroupEntity).findOneBy({ id: groupId });
    return group ? toGroup(group, membership.role) : null;
  }

  /** Entity references from the gateway, in one query, each visible only to a member. */
  async findMany(groupIds: readonly string[], viewerId: string): Promise<(Group | null)[]> {
    const memberships = await this.dataSource
      .getRepository(GroupMembershipEntity)
      .findBy({ groupId: In([...groupIds]), playerId: viewerId });
    const groups = await this.dataSource.getRepository(PlayGroupEntity).findBy({ id: In(memberships.map((m) => m.groupId)) });
    const roleOf = new Map(memberships.map((m) => [m.groupId, m.role]));
    const byId = new Map(groups.map((group) => [group.id, toGroup(group, roleOf.get(group.id)!)]));
    return groupIds.map((id) => byId.get(id) ?? null);
  }

  /**
   * The player's personal group, created on first use under the id
   * `personalGroupId(playerId)`, which other subgraphs derive on their own.
   */
  async personalGroup(playerId: string): Promise<Group> {
    const id = personalGroupId(playerId);
    const groups = this.dataSource.getRepository(PlayGroupEntity);
    let group = await groups.findOneBy({ id });
    if (!group) {
      await requireExistingPlayer(this.dataSource.manager, playerId);
      try {
        await inTransaction(this.dataSource, async (manager) => {
          await manager.insert(PlayGroupEntity, { id, name: PERSONAL_GROUP_NAME, kind: 'PERSONAL', membershipVersion: 1 });
          await manager.insert(GroupMembershipEntity, { id: timeOrderedId(), groupId: id, playerId, role: 'OWNER' });
        });
      } catch (error) {
        // Two first requests at once: the other one created it.
        if (!isUniqueViolation(error)) throw error;
      }
      group = await groups.findOneByOrFail({ id });
    }
    return toGroup(group, GroupRole.OWNER);
  }

  /** Shared groups the player belongs to, most recently joined first. */
  async listMine(playerId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<Group>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    const memberships = await this.dataSource.getRepository(GroupMembershipEntity).find({
      where: { playerId, groupId: Not(Like('personal-%')), ...(afterId ? { id: LessThan(afterId) } : {}) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
    const groups = await this.dataSource.getRepository(PlayGroupEntity).findBy({ id: In(memberships.map((m) => m.groupId)) });
    const byId = new Map(groups.map((group) => [group.id, group]));
    const rows = memberships.filter((m) => byId.has(m.groupId)).map((m) => ({ cursor: m.id, group: toGroup(byId.get(m.groupId)!, m.role) }));
    const page = toConnection(rows, limit, (row) => encodeCursor([row.cursor]), afterId !== undefined);
    return { pageInfo: page.pageInfo, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.group })) };
  }

  /** Members in the order they joined; the viewer must be one of them. */
  async members(groupId: string, viewerId: string, first?: number | null, after?: string | null): Promise<ConnectionShape<GroupMemberRow>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    const repository = this.dataSource.getRepository(GroupMembershipEntity);
    if (!(await repository.existsBy({ groupId, playerId: viewerId }))) throw groupErrors.notVisible(groupId);
    const rows = await repository.find({
      where: { groupId, ...(afterId ? { id: MoreThan(afterId) } : {}) },
      order: { id: 'ASC' },
      take: limit + 1,
    });
    const page = toConnection(rows, limit, (row) => encodeCursor([row.id]), afterId !== undefined);
    return {
      pageInfo: page.pageInfo,
      edges: page.edges.map((edge) => ({
        cursor: edge.cursor,
        node: { playerId: edge.node.playerId, role: edge.node.role as GroupRole, joinedAt: edge.node.joinedAt },
      })),
    };
  }
}
