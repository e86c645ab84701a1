import type { EntityManager } from 'typeorm';
import type { AppliedChange } from './push-batch';

/**
 * The SQL of a push, written out rather than through TypeORM's entity
 * machinery, because a push is the hot write path and every statement is a
 * round trip while the campaign's row lock is held: one statement locks the
 * campaign and reads the device's last seq (two more on a device's first
 * push), one writes the log rows, the state and version and the device's seq. On Postgres the writes go as one
 * statement (data-modifying CTEs); SQLite has none, so there they run one
 * after another in the same transaction. Column types follow the entities
 * (`simple-json` columns are text holding JSON).
 */

/** The columns of a locked campaign a push needs, with the pushing device's progress. */
export interface LockedCampaign {
  readonly id: string;
  readonly gameId: string;
  readonly groupId: string;
  readonly seed: string | null;
  readonly state: object | null;
  readonly version: number;
  /** The device's last handled seq; 0 before its first push. */
  readonly lastSeq: number;
}

export interface PushWrite {
  readonly campaignId: string;
  readonly clientId: string;
  readonly playerId: string;
  readonly appliedAt: number;
  readonly applied: readonly AppliedChange[];
  /** The state and version after the batch; written only when something was applied. */
  readonly state: unknown;
  readonly version: number;
  readonly lastSeq: number;
}

/** Numbers placeholders as the driver wants them: `$1, $2…` on Postgres, `?` in order on SQLite. */
class Parameters {
  readonly values: unknown[] = [];
  constructor(private readonly postgres: boolean) {}

  add(value: unknown): string {
    this.values.push(value);
    return this.postgres ? `$${this.values.length}` : '?';
  }
}

const isPostgres = (manager: EntityManager) => manager.connection.options.type === 'postgres';

const CAMPAIGN_COLUMNS = 'c.id, c.game_id, c.group_id, c.seed, c.state, c.version';

/**
 * Takes the campaign's row lock (Postgres; SQLite's writers are already one
 * at a time) and reads the campaign and the device's last seq, after the
 * lock is granted. Null when no such campaign exists.
 *
 * A device that pushed before has a row in `campaign_clients`: one statement
 * locks both rows, and Postgres returns the newest version of each locked
 * row even when it had to wait for them. A row that is only joined, not
 * locked, would come from the snapshot taken before the wait, and its seq
 * could be stale; so a device's first push, which has no row to lock, takes
 * the campaign's lock first and reads the client row in a statement of its
 * own, which sees everything committed before the lock was granted.
 */
export async function lockForPush(manager: EntityManager, campaignId: string, clientId: string): Promise<LockedCampaign | null> {
  const postgres = isPostgres(manager);
  const both = new Parameters(postgres);
  const [known] = (await manager.query(
    `SELECT ${CAMPAIGN_COLUMNS}, cl.last_seq FROM campaigns c JOIN campaign_clients cl ON cl.campaign_id = c.id AND cl.client_id = ${both.add(clientId)} ` +
      `WHERE c.id = ${both.add(campaignId)}${postgres ? ' FOR UPDATE OF c, cl' : ''}`,
    both.values,
  )) as Record<string, unknown>[];
  if (known) return lockedCampaignOf(known);

  const campaign = new Parameters(postgres);
  const [row] = (await manager.query(
    `SELECT ${CAMPAIGN_COLUMNS} FROM campaigns c WHERE c.id = ${campaign.add(campaignId)}${postgres ? ' FOR UPDATE' : ''}`,
    campaign.values,
  )) as Record<string, unknown>[];
  if (!row) return null;
  const client = new Parameters(postgres);
  const [progress] = (await manager.query(
    `SELECT last_seq FROM campaign_clients WHERE campaign_id = ${client.add(campaignId)} AND client_id = ${client.add(clientId)}`,
    client.values,
  )) as Record<string, unknown>[];
  return lockedCampaignOf({ ...row, last_seq: progress?.last_seq ?? null });
}

function lockedCampaignOf(row: Record<string, unknown>): LockedCampaign {
  return {
    id: row.id as string,
    gameId: row.game_id as string,
    groupId: row.group_id as string,
    seed: (row.seed as string | null) ?? null,
    state: typeof row.state === 'string' ? (JSON.parse(row.state) as object) : null,
    version: Number(row.version),
    lastSeq: row.last_seq === null || row.last_seq === undefined ? 0 : Number(row.last_seq),
  };
}

/** Writes a handled batch: its log rows, the campaign's state and version when anything applied, and the device's last seq. */
export async function recordPush(manager: EntityManager, write: PushWrite): Promise<void> {
  const postgres = isPostgres(manager);
  const statements: ((p: Parameters) => string)[] = [];
  if (write.applied.length > 0) {
    statements.push(
      (p) =>
        'INSERT INTO campaign_changes (campaign_id, version, name, args, delta, client_id, seq, player_id, applied_at, undoes_version, undone_by_version) VALUES ' +
        write.applied
          .map(
            (change) =>
              `(${p.add(write.campaignId)}, ${p.add(change.version)}, ${p.add(change.name)}, ${p.add(JSON.stringify(change.args))}, ` +
              `${p.add(JSON.stringify(change.delta))}, ${p.add(write.clientId)}, ${p.add(change.seq)}, ${p.add(write.playerId)}, ${p.add(write.appliedAt)}, NULL, NULL)`,
          )
          .join(', '),
      (p) =>
        `UPDATE campaigns SET state = ${p.add(JSON.stringify(write.state))}, version = ${p.add(write.version)}, updated_at = CURRENT_TIMESTAMP ` +
        `WHERE id = ${p.add(write.campaignId)}`,
    );
  }
  statements.push(
    (p) =>
      `INSERT INTO campaign_clients (campaign_id, client_id, last_seq) VALUES (${p.add(write.campaignId)}, ${p.add(write.clientId)}, ${p.add(write.lastSeq)}) ` +
      'ON CONFLICT (campaign_id, client_id) DO UPDATE SET last_seq = excluded.last_seq',
  );
  if (postgres) {
    // Every data-modifying CTE runs to completion whether or not its output is read; one round trip for all of them.
    const p = new Parameters(true);
    const parts = statements.map((statement, i) => `w${i} AS (${statement(p)})`);
    await manager.query(`WITH ${parts.join(', ')} SELECT 1`, p.values);
    return;
  }
  for (const statement of statements) {
    const p = new Parameters(false);
    const sql = statement(p);
    await manager.query(sql, p.values);
  }
}
