import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'campaigns' })
@Index('campaigns_owner_id_id', ['ownerId', 'id'])
@Index('campaigns_group_id_id', ['groupId', 'id'])
export class CampaignEntity {
  /** Time-ordered, so a player's campaigns page by id. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** A content game id, checked against the packs on creation. */
  @Column({ name: 'game_id', type: 'varchar', length: 64 })
  gameId!: string;

  @Column({ type: 'varchar', length: 80 })
  name!: string;

  /** The player who created it; accounts resolves it through the graph. Access follows `groupId`, not this. */
  @Column({ name: 'owner_id', type: 'varchar', length: 64 })
  ownerId!: string;

  /** The play group that owns it; every member may read and act. */
  @Column({ name: 'group_id', type: 'varchar', length: 80 })
  groupId!: string;

  /** The game system's state after the latest applied action, as JSON; null only for campaigns made before state existed. */
  @Column({ type: 'simple-json', nullable: true })
  state!: object | null;

  /** The seed the campaign's random stream started from. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  seed!: string | null;

  /** The engine's transcript of the setup that produced the initial state, when one ran. */
  @Column({ name: 'setup_transcript', type: 'simple-json', nullable: true })
  setupTranscript!: object[] | null;

  /** Raised by every accepted change, so devices can ask what changed since. */
  @Column({ type: 'integer', default: 0 })
  version!: number;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
