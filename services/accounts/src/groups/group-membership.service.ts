import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { isUniqueViolation, timeOrderedId } from '@scriptbook/platform';
import { personalGroupOwner } from '@scriptbook/platform/membership';
import { inTransaction } from '@scriptbook/platform/persistence/serialized-transaction';
import { bumpMembershipVersion, membershipOf, requireExistingPlayer, toGroup } from './group-access';
import { groupErrors } from './group-errors';
import { GroupInvitationEntity } from './group-invitation.entity';
import { GroupMembershipEntity } from './group-membership.entity';
import { GroupMembershipSync } from './group-membership-sync';
import { Group, GroupRole } from './group.model';
import { hashInvitationCode, normalizeInvitationCode } from './invitation-code';
import { PlayGroupEntity } from './play-group.entity';

/**
 * Who is in a group: joining by code, leaving, removal, and release when an
 * account goes. Each change is one transaction that first raises the group's
 * membership version; the Redis read model is told only after it commits.
 */
@Injectable()
export class GroupMembershipService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sync: GroupMembershipSync,
  ) {}

  async join(rawCode: string, viewerId: string, now = new Date()): Promise<Group> {
    const canonical = normalizeInvitationCode(rawCode);
    if (canonical === null) throw groupErrors.codeFormat();
    const invitation = await this.dataSource.getRepository(GroupInvitationEntity).findOneBy({ codeHash: hashInvitationCode(canonical) });
    if (!invitation) throw groupErrors.codeUnknown();
    if (invitation.revokedAt) throw groupErrors.codeRevoked();
    if (invitation.expiresAt.getTime() <= now.getTime()) throw groupErrors.codeExpired();
    await requireExistingPlayer(this.dataSource.manager, viewerId);
    const group = await inTransaction(this.dataSource, async (manager) => {
      const locked = await bumpMembershipVersion(manager, invitation.groupId);
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
      const { group, membership } = await membershipOf(manager, groupId, viewerId, true);
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

  /**
   * Owner only, and never oneself (leaveGroup is the way out). The group's
   * working codes are withdrawn too: the removed player may know any of them
   * and could otherwise walk straight back in.
   */
  async removeMember(groupId: string, viewerId: string, playerId: string, now = new Date()): Promise<Group> {
    const group = await inTransaction(this.dataSource, async (manager) => {
      const { group, membership } = await membershipOf(manager, groupId, viewerId, true);
      if (membership.role !== 'OWNER') throw groupErrors.notOwner(groupId);
      if (playerId === viewerId) throw groupErrors.removeSelf();
      const removed = await manager.delete(GroupMembershipEntity, { groupId, playerId });
      if (!removed.affected) throw groupErrors.notAMember(playerId);
      await manager.update(GroupInvitationEntity, { groupId, revokedAt: IsNull() }, { revokedAt: now });
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
      await bumpMembershipVersion(manager, groupId);
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
}
