import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'campaigns' })
@Index('campaigns_owner_id_id', ['ownerId', 'id'])
export class CampaignEntity {
  /** Time-ordered, so a player's campaigns page by id. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** A content game id, checked against the packs on creation. */
  @Column({ name: 'game_id', type: 'varchar', length: 64 })
  gameId!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  /** An accounts player id; accounts resolves it through the graph. */
  @Column({ name: 'owner_id', type: 'varchar', length: 64 })
  ownerId!: string;

  /** Raised by every accepted change, so devices can ask what changed since. */
  @Column({ type: 'integer', default: 0 })
  version!: number;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
