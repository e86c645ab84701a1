import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A campaign's whole state as it stood at one version, written by the campaigns worker every N versions. */
@Entity({ name: 'campaign_snapshots' })
export class CampaignSnapshotEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 64 })
  campaignId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ type: 'simple-json' })
  state!: object;

  /** Epoch milliseconds. */
  @Column({ name: 'taken_at', type: 'bigint' })
  takenAt!: number;
}
