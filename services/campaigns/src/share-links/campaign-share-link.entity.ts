import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

const epochMs = { to: (v: number | null) => v, from: (v: string | number | null) => (v === null ? null : Number(v)) };

/** A read-only share link of one campaign: who made it and when, whether it was revoked, and its secret's hash. */
@Entity({ name: 'campaign_share_links' })
@Index('campaign_share_links_campaign_id', ['campaignId', 'id'])
export class CampaignShareLinkEntity {
  /** Time-ordered; also the public part of the token (`share-link.<id>.<secret>`). */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 64 })
  campaignId!: string;

  /** SHA-256 of the secret, hex. The secret itself is shown once, when the link is made, and never stored. */
  @Column({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash!: string;

  /** What the members call it ("Kitchen screen"); null when they gave none. */
  @Column({ type: 'varchar', length: 80, nullable: true })
  label!: string | null;

  @Column({ name: 'created_by', type: 'varchar', length: 64 })
  createdBy!: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMs })
  createdAt!: number;

  @Column({ name: 'revoked_at', type: 'bigint', nullable: true, transformer: epochMs })
  revokedAt!: number | null;

  @Column({ name: 'revoked_by', type: 'varchar', length: 64, nullable: true })
  revokedBy!: string | null;
}
