import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { timeOrderedId } from '@scriptbook/platform';
import { inTransaction } from '@scriptbook/platform/persistence/serialized-transaction';
import { membershipOf } from './group-access';
import { groupErrors } from './group-errors';
import { GroupInvitationEntity } from './group-invitation.entity';
import { GroupMembershipEntity } from './group-membership.entity';
import { GroupInvitation } from './group.model';
import {
  generateInvitationCode,
  hashInvitationCode,
  INVITATION_TTL_HOURS,
  MAX_OPEN_INVITATIONS,
  normalizeInvitationCode,
} from './invitation-code';

/** A working invitation as its group's members see it, before accounts resolves its maker. */
export interface OpenInvitationRow {
  readonly id: string;
  readonly createdById: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly canRevoke: boolean;
}

/** Invitation codes: made by members, stored only as hashes, withdrawn by their maker or the owner. */
@Injectable()
export class GroupInvitationsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Any member of a shared group may invite; the code is returned once and stored only as a hash. */
  async invite(groupId: string, viewerId: string, now = new Date()): Promise<GroupInvitation> {
    const { group } = await membershipOf(this.dataSource.manager, groupId, viewerId);
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
    const { membership } = await membershipOf(this.dataSource.manager, groupId, viewerId);
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
}
