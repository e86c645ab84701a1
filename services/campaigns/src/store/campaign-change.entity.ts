import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One applied action (or undo): the campaign's log, read by pulls and the history. */
@Entity({ name: 'campaign_changes' })
export class CampaignChangeEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 64 })
  campaignId!: string;

  /** The campaign version this change produced; versions of one campaign have no gaps. */
  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'simple-json' })
  args!: object;

  @Column({ type: 'simple-json' })
  delta!: object[];

  /** Null for an undo, which the server makes on a player's request rather than a device's queue. */
  @Column({ name: 'client_id', type: 'varchar', length: 64, nullable: true })
  clientId!: string | null;

  @Column({ type: 'integer', nullable: true })
  seq!: number | null;

  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  @Column({ name: 'applied_at', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  appliedAt!: number;

  @Column({ name: 'undoes_version', type: 'integer', nullable: true })
  undoesVersion!: number | null;

  @Column({ name: 'undone_by_version', type: 'integer', nullable: true })
  undoneByVersion!: number | null;
}
