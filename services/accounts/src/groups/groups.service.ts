import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, LessThan, Like, MoreThan, Not } from 'typeorm';
import {
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  isUniqueViolation,
  pageSize,
  parseInput,
  timeOrderedId,
  toConnection,
  UnauthenticatedError,
} from '@scriptbook/platform';
import { personalGroupId, personalGroupOwner } from '@scriptbook/platform/membership';
import { inTransaction } from '@scriptbook/platform/persistence/serialized-transaction';
import { PlayerEntity } from '../players/player.entity';
import { groupErrors } from './group-errors';
import { GroupInvitationEntity } from './group-invitation.entity';
import { GroupMembershipEntity } from './group-membership.entity';
import { CreateGroupInput, createGroupSchema } from './group.inputs';
import { Group, GroupInvitation, GroupKind, GroupRole } from './group.model';
import { GroupMembershipSync } from './group-membership-sync';
import {
  generateInvitationCode,
  hashInvitationCode,
  INVITATION_TTL_HOURS,
  MAX_OPEN_INVITATIONS,
  normalizeInvitationCode,
} from './invitation-code';
import { PlayGroupEntity } from './play-group.entity';

/** What a member list row carries before accounts resolves the player. */
export interface GroupMemberRow {
  readonly playerId: string;
  readonly role: GroupRole;
  readonly joinedAt: Date;
}

/** A working invitation as its group's members see it, before accounts resolves its maker. */
export interface OpenInvitationRow {
  readonly id: string;
  readonly createdById: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly canRevoke: boolean;
}

const PERSONAL_GROUP_NAME = 'Personal';

const toGroup = (group: PlayGroupEntity, role: GroupRole | string): Group => ({
  id: group.id,
  name: group.name,
  kind: group.kind as GroupKind,
  myRole: role as GroupRole,
  createdAt: group.createdAt,
});

/**
 * Play groups: who shares a game box. Every change runs in one transaction
 * that first bumps the group's membership version (which also locks the
 * group row, so two changes to one group run one after the other), and
 * only after it commits is the Redis read model told.
 */
@Injectable()
export class GroupsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sync: GroupMembershipSync,
  ) {}

  async create(ownerId: string, input: CreateGroupInput): Promise<Group> {
    const valid = parseInput(createGroupSchema, input);
    await this.requirePlayer(ownerId);
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
      await this.requirePlayer(playerId);
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

  /** Any member of a shared group may invite; the code is returned once and stored only as a hash. */
  async invite(groupId: string, viewerId: string, now = new Date()): Promise<GroupInvitation> {
    const { group } = await this.membershipOf(this.dataSource.manager, groupId, viewerId);
    if (group.kind === 'PERSONAL') throw groupErrors.personal(groupId, 'take invitations');
    // Counted without a lock: two invitations made at the same instant may pass the cap by one.
    const open = await this.dataSource
      .getRepository(GroupInvitationEntity)
      .countBy({ groupId, revokedAt: IsNull(), expiresAt: MoreThan(now) });
    if (open >= MAX_OPEN_INVITATIONS) throw groupErrors.tooManyInvitations(MAX_OPEN_INVITATIONS);
    const code = generateInvitationCode();
    const invitation = {
      id: timeOrderedId(),
      groupId,
      codeHash: hashInvitationCode(normalizeInvitationCode(code)!),
      createdBy: viewerId,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * 3_600_000),
      revokedAt: null,
    };
    await inTransaction(this.dataSource, (manager) => manager.insert(GroupInvitationEntity, invitation));
    return { id: invitation.id, groupId, code, expiresAt: invitation.expiresAt };
  }

  /** A group's working invitations, newest first; for its members only. */
  async openInvitations(groupId: string, viewerId: string, now = new Date()): Promise<OpenInvitationRow[]> {
    const { membership } = await this.membershipOf(this.dataSource.manager, groupId, viewerId);
    const rows = await this.dataSource.getRepository(GroupInvitationEntity).find({
      where: { groupId, revokedAt: IsNull(), expiresAt: MoreThan(now) },
      order: { id: 'DESC' },
      take: MAX_OPEN_INVITATIONS,
    });
    return rows.map((row) => ({
      id: row.id,
      createdById: row.createdBy,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      canRevoke: membership.role === 'OWNER' || row.createdBy === viewerId,
    }));
  }

  /** Withdraws an invitation; true also when it had already expired or been withdrawn. */
  async revokeInvitation(invitationId: string, viewerId: string, now = new Date()): Promise<boolean> {
    const invitations = this.dataSource.getRepository(GroupInvitationEntity);
    const invitation = await invitations.findOneBy({ id: invitationId });
    const membership = invitation
      ? await this.dataSource.getRepository(GroupMembershipEntity).findOneBy({ groupId: invitation.groupId, playerId: viewerId })
      : null;
    if (!invitation || !membership) throw groupErrors.invitationNotVisible(invitationId);
    if (membership.role !== 'OWNER' && invitation.createdBy !== viewerId) throw groupErrors.notInviterOrOwner();
    await inTransaction(this.dataSource, (manager) =>
      manager.update(GroupInvitationEntity, { id: invitationId, revokedAt: IsNull() }, { revokedAt: now }),
    );
    return true;
  }

  async join(rawCode: string, viewerId: string, now = new Date()): Promise<Group> {
    const canonical = normalizeInvitationCode(rawCode);
    if (canonical === null) throw groupErrors.codeFormat();
    const invitation = await this.dataSource.getRepository(GroupInvitationEntity).findOneBy({ codeHash: hashInvitationCode(canonical) });
    if (!invitation) throw groupErrors.codeUnknown();
    if (invitation.revokedAt) throw groupErrors.codeRevoked();
    if (invitation.expiresAt.getTime() <= now.getTime()) throw groupErrors.codeExpired();
    await this.requirePlayer(viewerId);
    const group = await inTransaction(this.dataSource, async (manager) => {
      const locked = await this.bumpVersion(manager, invitation.groupId);
      if (!locked) throw groupErrors.codeUnknown();
      if (await manager.existsBy(GroupMembershipEntity, { groupId: invitation.groupId, playerId: viewerId })) {
        throw groupErrors.alreadyMember();
      }
      try {
        await manager.insert(GroupMembershipEntity, { id: timeOrderedId(), groupId: invitation.groupId, playerId: viewerId, role: 'MEMBER' });
      } catch (error) {
        if (isUniqueViolation(error)) throw groupErrors.alreadyMember();
        throw error;
      }
      return manager.findOneByOrFail(PlayGroupEntity, { id: invitation.groupId });
    });
    await this.sync.groupChanged(group.id);
    return toGroup(group, GroupRole.MEMBER);
  }

  /**
   * The owner leaving while others remain must name the next owner; the last
   * member leaving empties the group, and its open invitations are withdrawn
   * so a shared code cannot bring anyone back into it.
   */
  async leave(groupId: string, viewerId: string, newOwnerId?: string | null, now = new Date()): Promise<boolean> {
    await inTransaction(this.dataSource, async (manager) => {
      const { group, membership } = await this.membershipOf(manager, groupId, viewerId, true);
      if (group.kind === 'PERSONAL') throw groupErrors.personal(groupId, 'be left');
      const others = await manager.countBy(GroupMembershipEntity, { groupId, playerId: Not(viewerId) });
      if (membership.role !== 'OWNER') {
        if (newOwnerId) throw groupErrors.newOwnerFromMember();
      } else if (others > 0) {
        if (!newOwnerId) throw groupErrors.lastOwner();
        if (newOwnerId === viewerId) throw groupErrors.newOwnerIsSelf();
        const promoted = await manager.update(GroupMembershipEntity, { groupId, playerId: newOwnerId }, { role: 'OWNER' });
        if (!promoted.affected) throw groupErrors.newOwnerNotMember();
      } else {
        await manager.update(GroupInvitationEntity, { groupId, revokedAt: IsNull() }, { revokedAt: now });
      }
      await manager.delete(GroupMembershipEntity, { id: membership.id });
    });
    await this.sync.groupChanged(groupId);
    return true;
  }

  /** Owner only, and never oneself (leaveGroup is the way out). */
  async removeMember(groupId: string, viewerId: string, playerId: string): Promise<Group> {
    const group = await inTransaction(this.dataSource, async (manager) => {
      const { group, membership } = await this.membershipOf(manager, groupId, viewerId, true);
      if (membership.role !== 'OWNER') throw groupErrors.notOwner(groupId);
      if (playerId === viewerId) throw groupErrors.removeSelf();
      const removed = await manager.delete(GroupMembershipEntity, { groupId, playerId });
      if (!removed.affected) throw groupErrors.notAMember(playerId);
      return group;
    });
    await this.sync.groupChanged(groupId);
    return toGroup(group, GroupRole.OWNER);
  }

  /**
   * Takes a player out of every group, for removing their account: call it in
   * the transaction that deletes the player, then `groupsReleased` with its
   * result once that commits. Ownership passes to the longest-standing
   * remaining member; a group left empty has its invitations withdrawn; the
   * personal group goes.
   */
  async releaseMemberships(manager: EntityManager, playerId: string, now = new Date()): Promise<string[]> {
    const memberships = await manager.findBy(GroupMembershipEntity, { playerId });
    for (const membership of memberships) {
      const { groupId } = membership;
      if (personalGroupOwner(groupId) === playerId) {
        await manager.delete(PlayGroupEntity, { id: groupId });
        continue;
      }
      await this.bumpVersion(manager, groupId);
      if (membership.role === 'OWNER') {
        const heir = await manager.findOne(GroupMembershipEntity, { where: { groupId, playerId: Not(playerId) }, order: { id: 'ASC' } });
        if (heir) await manager.update(GroupMembershipEntity, { id: heir.id }, { role: 'OWNER' });
        else await manager.update(GroupInvitationEntity, { groupId, revokedAt: IsNull() }, { revokedAt: now });
      }
      await manager.delete(GroupMembershipEntity, { id: membership.id });
    }
    return memberships.map((membership) => membership.groupId).filter((groupId) => personalGroupOwner(groupId) === null);
  }

  /** Tells the read model about groups `releaseMemberships` changed, after the commit. */
  async groupsReleased(groupIds: readonly string[]): Promise<void> {
    for (const groupId of groupIds) await this.sync.groupChanged(groupId);
  }

  /**
   * The viewer's membership, or NOT_FOUND as if the group did not exist.
   * With `lock`, the group's version is bumped first, inside the caller's transaction.
   */
  private async membershipOf(manager: EntityManager, groupId: string, viewerId: string, lock = false) {
    if (lock && !(await this.bumpVersion(manager, groupId))) throw groupErrors.notVisible(groupId);
    const membership = await manager.findOneBy(GroupMembershipEntity, { groupId, playerId: viewerId });
    if (!membership) throw groupErrors.notVisible(groupId);
    const group = await manager.findOneByOrFail(PlayGroupEntity, { id: groupId });
    return { group, membership };
  }

  private async bumpVersion(manager: EntityManager, groupId: string): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(PlayGroupEntity)
      .set({ membershipVersion: () => 'membership_version + 1' })
      .where('id = :groupId', { groupId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** A valid token for a player who no longer exists must not create rows for nobody. */
  private async requirePlayer(playerId: string): Promise<void> {
    if (!(await this.dataSource.getRepository(PlayerEntity).existsBy({ id: playerId }))) {
      throw new UnauthenticatedError('Sign in again: this player no longer exists');
    }
  }
}
