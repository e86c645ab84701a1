import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

const epochMs = { to: (v: number | null) => v, from: (v: string | number | null) => (v === null ? null : Number(v)) };

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

  /** The setup procedure that made the initial state (its catalog id); null when none ran, or for campaigns made before setups were kept. */
  @Column({ name: 'setup_procedure_id', type: 'varchar', length: 200, nullable: true })
  setupProcedureId!: string | null;

  /** That procedure's input as it was run (a typed setup field converted to the procedure's own input); null when none ran or it is not known. */
  @Column({ name: 'setup_input', type: 'simple-json', nullable: true })
  setupInput!: object | null;

  /** Raised by every accepted change, so devices can ask what changed since. */
  @Column({ type: 'integer', default: 0 })
  version!: number;

  /** When it was archived (epoch ms): read-only and out of the default lists until unarchived. Null when it is not. */
  @Column({ name: 'archived_at', type: 'bigint', nullable: true, transformer: epochMs })
  archivedAt!: number | null;

  /** When it was deleted (epoch ms): NOT_FOUND to all but restore until the purge removes it. Null when it is not. */
  @Column({ name: 'deleted_at', type: 'bigint', nullable: true, transformer: epochMs })
  deletedAt!: number | null;

  /** The player who deleted it; null when it is not deleted. */
  @Column({ name: 'deleted_by', type: 'varchar', length: 64, nullable: true })
  deletedBy!: string | null;

  /** When the purge claimed it (epoch ms); from then on it can no longer be restored. */
  @Column({ name: 'purge_started_at', type: 'bigint', nullable: true, transformer: epochMs })
  purgeStartedAt!: number | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt!: Date;
}
