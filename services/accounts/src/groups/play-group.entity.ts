import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type GroupKind = 'SHARED' | 'PERSONAL';

@Entity({ name: 'play_groups' })
export class PlayGroupEntity {
  /** Time-ordered for shared groups; `personal-<playerId>` for a personal one. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: GroupKind;

  /**
   * Raised in the transaction of every membership change; the Redis read
   * model keeps the highest version it has seen, so late writes cannot undo newer ones.
   */
  @Column({ name: 'membership_version', type: 'integer', default: 0 })
  membershipVersion!: number;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}
