import { EntityManager } from 'typeorm';
import { accessTokenRefused, REMOVED_PLAYER_REASON } from '@scriptbook/platform';
import { PlayerEntity } from '../players/player.entity';
import { groupErrors } from './group-errors';
import { GroupMembershipEntity } from './group-membership.entity';
import { Group, GroupKind, GroupRole } from './group.model';
import { PlayGroupEntity } from './play-group.entity';

export const toGroup = (group: PlayGroupEntity, role: GroupRole | string): Group => ({
  id: group.id,
  name: group.name,
  kind: group.kind as GroupKind,
  myRole: role as GroupRole,
  createdAt: group.createdAt,
});

/**
 * The viewer's membership and its group, or NOT_FOUND as if the group did not
 * exist. With `lock`, the group's membership version is raised first, inside
 * the caller's transaction: that takes the group's row lock, so changes to
 * one group run one after the other.
 */
export async function membershipOf(manager: EntityManager, groupId: string, viewerId: string, lock = false) {
  if (lock && !(await bumpMembershipVersion(manager, groupId))) throw groupErrors.notVisible(groupId);
  const membership = await manager.findOneBy(GroupMembershipEntity, { groupId, playerId: viewerId });
  if (!membership) throw groupErrors.notVisible(groupId);
  const group = await manager.findOneByOrFail(PlayGroupEntity, { id: groupId });
  return { group, membership };
}

/** False when no such group exists. */
export async function bumpMembershipVersion(manager: EntityManager, groupId: string): Promise<boolean> {
  const result = await manager
    .createQueryBuilder()
    .update(PlayGroupEntity)
    .set({ membershipVersion: () => 'membership_version + 1' })
    .where('id = :groupId', { groupId })
    .execute();
  return (result.affected ?? 0) > 0;
}

/** A valid token for a player who no longer exists must not create rows for nobody. */
export async function requireExistingPlayer(manager: EntityManager, playerId: string): Promise<void> {
  if (!(await manager.existsBy(PlayerEntity, { id: playerId }))) {
    throw accessTokenRefused(REMOVED_PLAYER_REASON);
  }
}
