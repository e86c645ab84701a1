import { Column, Entity, PrimaryColumn } from 'typeorm';

const epochMs = { to: (v: number) => v, from: (v: string | number) => Number(v) };

/**
 * An action a push handled without applying, with why: written with the device's last seq, so a device that lost
 * the push's answer still learns the reason from a pull. Kept as docs/sync.md says (sync/rejection-retention.ts).
 */
@Entity({ name: 'campaign_rejections' })
export class CampaignRejectionEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 64 })
  campaignId!: string;

  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 64 })
  clientId!: string;

  @PrimaryColumn({ type: 'integer' })
  seq!: number;

  /** Who pushed it: the only player its rejection is served to. */
  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  /** The action's name as the device sent it, known to the game or not. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'varchar', length: 32 })
  code!: string;

  @Column({ type: 'text' })
  rule!: string;

  @Column({ type: 'text' })
  field!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ name: 'rejected_at', type: 'bigint', transformer: epochMs })
  rejectedAt!: number;
}
