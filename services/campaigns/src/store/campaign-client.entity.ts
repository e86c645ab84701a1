import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How far one device's queue has been handled; written in the same transaction as the changes it produced. */
@Entity({ name: 'campaign_clients' })
export class CampaignClientEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 64 })
  campaignId!: string;

  @PrimaryColumn({ name: 'client_id', type: 'varchar', length: 64 })
  clientId!: string;

  @Column({ name: 'last_seq', type: 'integer' })
  lastSeq!: number;
}
