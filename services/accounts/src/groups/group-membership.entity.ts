import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MembershipRole } from '@scriptbook/platform/membership';

@Entity({ name: 'group_memberships' })
@Index('group_memberships_group_player', ['groupId', 'playerId'], { unique: true })
@Index('group_memberships_player_id', ['playerId', 'id'])
export class GroupMembershipEntity {
  /** Time-ordered, so members page in join order and a player's groups by when they joined. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'group_id', type: 'varchar', length: 64 })
  groupId!: string;

  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: MembershipRole;

  @CreateDateColumn({ name: 'joined_at' })
  joinedAt!: Date;
}
