import { DataSource, EntityManager } from 'typeorm';

/** How long a campaign keeps its devices' rejections: the policy is the sync module's (rejection-retention.ts). */
export interface RejectionsKept {
  /** Rejections older than this (epoch ms) go. */
  readonly notBefore: number;
  /** Each device keeps this many of its newest rejections (by seq). */
  readonly perClient: number;
}

type Database = EntityManager | DataSource;
const isPostgres = (db: Database) => (db instanceof DataSource ? db : db.connection).options.type === 'postgres';

/**
 * Drops the campaign's rejections older than `kept.notBefore`, and the device's beyond its newest `kept.perClient`.
 * Run after a write that stored rejections, in its transaction where there is one: pruning is idempotent, so a prune
 * that does not happen (the fast path's process dies between the two statements) is done by the next one.
 */
export async function pruneRejections(db: Database, campaignId: string, clientId: string, kept: RejectionsKept): Promise<void> {
  const postgres = isPostgres(db);
  const values: unknown[] = [];
  const add = (value: unknown) => (values.push(value), postgres ? `$${values.length}` : '?');
  const sql =
    `DELETE FROM campaign_rejections WHERE campaign_id = ${add(campaignId)} AND (rejected_at < ${add(kept.notBefore)} OR (client_id = ${add(clientId)} AND seq NOT IN ` +
    `(SELECT seq FROM campaign_rejections WHERE campaign_id = ${add(campaignId)} AND client_id = ${add(clientId)} ORDER BY seq DESC LIMIT ${add(kept.perClient)})))`;
  await db.query(sql, values);
}
