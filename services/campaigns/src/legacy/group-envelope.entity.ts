import { Column, Entity, PrimaryColumn } from 'typeorm';

export type GroupEnvelopeState = 'OPENING' | 'OPENED';

const epochMs = { to: (v: number | null) => v, from: (v: string | number | null) => (v === null ? null : Number(v)) };

/**
 * One envelope a group has opened (or is opening). The row exists from the
 * first win that names the envelope; a closed envelope has no row. The
 * primary key (group, envelope) is what makes a second win, a retried request
 * or two members winning at once open it once: only one insert succeeds.
 */
@Entity({ name: 'group_envelopes' })
export class GroupEnvelopeEntity {
  @PrimaryColumn({ name: 'group_id', type: 'varchar', length: 80 })
  groupId!: string;

  /** The content id of an item of a game's legacy content kind (`CampaignModel.legacy.contentKind`). */
  @PrimaryColumn({ name: 'envelope_id', type: 'varchar', length: 80 })
  envelopeId!: string;

  /** OPENING while the unlock job brings the group's campaigns up to date, OPENED once every one holds it. */
  @Column({ type: 'varchar', length: 16 })
  state!: GroupEnvelopeState;

  @Column({ name: 'opened_in_campaign_id', type: 'varchar', length: 64 })
  openedInCampaignId!: string;

  @Column({ name: 'opened_by_scenario_id', type: 'varchar', length: 80 })
  openedByScenarioId!: string;

  @Column({ name: 'opened_by_player_id', type: 'varchar', length: 64 })
  openedByPlayerId!: string;

  /** When the win was recorded; every campaign's state carries this same time. */
  @Column({ name: 'opened_at', type: 'bigint', transformer: epochMs })
  openedAt!: number;

  /** Null while the job runs. */
  @Column({ name: 'completed_at', type: 'bigint', nullable: true, transformer: epochMs })
  completedAt!: number | null;

  /** The BullMQ job id, derived from group and envelope. */
  @Column({ name: 'job_id', type: 'varchar', length: 200 })
  jobId!: string;

  /** Campaigns the job has gone through (updated or found already holding it). */
  @Column({ name: 'campaigns_done', type: 'integer', default: 0 })
  campaignsDone!: number;

  /** Campaigns of the group's game when the job last counted them. */
  @Column({ name: 'campaigns_total', type: 'integer', default: 0 })
  campaignsTotal!: number;
}
