import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'group_invitations' })
@Index('group_invitations_group_id', ['groupId', 'id'])
export class GroupInvitationEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'group_id', type: 'varchar', length: 64 })
  groupId!: string;

  /** SHA-256 of the normalized code: the code itself is shown once and never stored. */
  @Column({ name: 'code_hash', type: 'varchar', length: 64, unique: true })
  codeHash!: string;

  @Column({ name: 'created_by', type: 'varchar', length: 64 })
  createdBy!: string;

  @Column({ name: 'expires_at', type: Date })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: Date, nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}
