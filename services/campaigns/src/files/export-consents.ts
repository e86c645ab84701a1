import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Who lets a campaign's exports name them by their player id. A member's own
 * choice, per campaign: a group shares several campaigns, and a member may
 * well let their Thursday group's file name them and not another's. Plain
 * statements on the one table this module owns.
 */
@Injectable()
export class ExportConsents {
  constructor(private readonly dataSource: DataSource) {}

  private get postgres(): boolean {
    return this.dataSource.options.type === 'postgres';
  }

  async set(campaignId: string, playerId: string, consent: boolean, now = Date.now()): Promise<void> {
    if (!consent) {
      await this.dataSource.query(
        this.postgres ? 'DELETE FROM campaign_export_consents WHERE campaign_id = $1 AND player_id = $2' : 'DELETE FROM campaign_export_consents WHERE campaign_id = ? AND player_id = ?',
        [campaignId, playerId],
      );
      return;
    }
    await this.dataSource.query(
      this.postgres
        ? 'INSERT INTO campaign_export_consents (campaign_id, player_id, consented_at) VALUES ($1, $2, $3) ON CONFLICT (campaign_id, player_id) DO NOTHING'
        : 'INSERT INTO campaign_export_consents (campaign_id, player_id, consented_at) VALUES (?, ?, ?) ON CONFLICT (campaign_id, player_id) DO NOTHING',
      [campaignId, playerId, now],
    );
  }

  /** The players of the campaign who consented. */
  async of(campaignId: string): Promise<Set<string>> {
    const rows: { player_id: string }[] = await this.dataSource.query(
      this.postgres ? 'SELECT player_id FROM campaign_export_consents WHERE campaign_id = $1' : 'SELECT player_id FROM campaign_export_consents WHERE campaign_id = ?',
      [campaignId],
    );
    return new Set(rows.map((row) => row.player_id));
  }
}
