import type { StateChange } from '@scriptbook/campaign-model';
import { DataSource, EntityManager } from 'typeorm';

/**
 * The SQL of a push, written out rather than through TypeORM's entity
 * machinery, because a push is the hot write path and each statement is a
 * round trip. Column types follow the entities (`simple-json` columns are
 * text holding JSON).
 *
 * On Postgres a push first tries two statements and no transaction: a read
 * of the campaign and the device's seq (`readForPush`), then one statement
 * that writes everything only if the campaign row is still the version read
 * (`recordPush` with its `xmin`). Every push and undo updates the campaign
 * row, so an unchanged `xmin` means nothing was written to the campaign
 * since the read, and the outcome computed from that read is the one a
 * locked transaction would have computed. When the row did change, nothing
 * is written and the push runs again under the row lock (`lockForPush`).
 * SQLite has no data-modifying CTEs and one writer at a time: there a push
 * always runs in a transaction and its writes are three statements.
 */

/** The columns of a campaign a push needs, with the pushing device's progress. */
export interface PushTarget {
  readonly id: string;
  readonly gameId: string;
  readonly groupId: string;
  readonly seed: string | null;
  readonly state: object | null;
  readonly version: number;
  /** When it was archived (a push is refused) or deleted (it answers NOT_FOUND); null when it is not. */
  readonly archivedAt: number | null;
  readonly deletedAt: number | null;
  /** The device's last handled seq; 0 before its first push. */
  readonly lastSeq: number;
  /** Postgres's `xmin` of the campaign row read: which committed version of the row it was. Null on SQLite. */
  readonly rowVersion: string | null;
}

/** One applied action of a push, as its log row records it. */
export interface AppliedChange {
  readonly seq: number;
  readonly name: string;
  readonly args: unknown;
  readonly delta: StateChange[];
  readonly version: number;
}

/** One action of a push that was handled but not applied, and why: stored so a pull can tell a device that lost the answer. */
export interface RejectedChange {
  readonly seq: number;
  readonly name: string;
  readonly code: string;
  readonly rule: string;
  readonly field: string;
  readonly reason: string;
}

export interface PushWrite {
  readonly campaignId: string;
  readonly clientId: string;
  readonly playerId: string;
  readonly appliedAt: number;
  readonly applied: readonly AppliedChange[];
  /** Written with the device's last seq, so the reason outlives a lost answer; `appliedAt` is their time. */
  readonly rejected: readonly RejectedChange[];
  /** The state and version after the batch; the state is written only when something was applied. */
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

/** A pooled connection (the data source) or a transaction's (its entity manager). */
type Database = EntityManager | DataSource;
interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}
const isPostgres = (db: Database) => (db instanceof DataSource ? db : db.connection).options.type === 'postgres';
const run = async (db: Database, sql: string, parameters: unknown[]) => (await (db as SqlRunner).query(sql, parameters)) as Record<string, unknown>[];

const REJECTION_COLUMNS = 'campaign_rejections (campaign_id, client_id, seq, player_id, name, code, rule, field, reason, rejected_at)';
// A seq is handled once, so this only matters on a server restored from a backup older than the device's seqs: the newer reason wins.
const REJECTION_CONFLICT =
  'ON CONFLICT (campaign_id, client_id, seq) DO UPDATE SET player_id = excluded.player_id, name = excluded.name, code = excluded.code, ' +
  'rule = excluded.rule, field = excluded.field, reason = excluded.reason, rejected_at = excluded.rejected_at';

const CAMPAIGN_COLUMNS = 'c.id, c.game_id, c.group_id, c.seed, c.state, c.version, c.archived_at, c.deleted_at';
const ROW_VERSION = 'CAST(c.xmin AS text) AS row_version';

/**
 * Postgres only: the campaign and the device's seq as one snapshot, without
 * a lock or a transaction. Null when no such campaign exists.
 */
export async function readForPush(db: Database, campaignId: string, clientId: string): Promise<PushTarget | null> {
  const p = new Parameters(true);
  const [row] = await run(
    db,
    `SELECT ${CAMPAIGN_COLUMNS}, ${ROW_VERSION}, cl.last_seq FROM campaigns c ` +
      `LEFT JOIN campaign_clients cl ON cl.campaign_id = c.id AND cl.client_id = ${p.add(clientId)} WHERE c.id = ${p.add(campaignId)}`,
    p.values,
  );
  return row ? pushTargetOf(row) : null;
}

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
export async function lockForPush(manager: EntityManager, campaignId: string, clientId: string): Promise<PushTarget | null> {
  const postgres = isPostgres(manager);
  const columns = postgres ? `${CAMPAIGN_COLUMNS}, ${ROW_VERSION}` : CAMPAIGN_COLUMNS;
  const both = new Parameters(postgres);
  const [known] = (await manager.query(
    `SELECT ${columns}, cl.last_seq FROM campaigns c JOIN campaign_clients cl ON cl.campaign_id = c.id AND cl.client_id = ${both.add(clientId)} ` +
      `WHERE c.id = ${both.add(campaignId)}${postgres ? ' FOR UPDATE OF c, cl' : ''}`,
    both.values,
  )) as Record<string, unknown>[];
  if (known) return pushTargetOf(known);

  const campaign = new Parameters(postgres);
  const [row] = (await manager.query(
    `SELECT ${columns} FROM campaigns c WHERE c.id = ${campaign.add(campaignId)}${postgres ? ' FOR UPDATE' : ''}`,
    campaign.values,
  )) as Record<string, unknown>[];
  if (!row) return null;
  const client = new Parameters(postgres);
  const [progress] = (await manager.query(
    `SELECT last_seq FROM campaign_clients WHERE campaign_id = ${client.add(campaignId)} AND client_id = ${client.add(clientId)}`,
    client.values,
  )) as Record<string, unknown>[];
  return pushTargetOf({ ...row, last_seq: progress?.last_seq ?? null });
}

const epochMsOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function pushTargetOf(row: Record<string, unknown>): PushTarget {
  return {
    id: row.id as string,
    gameId: row.game_id as string,
    groupId: row.group_id as string,
    seed: (row.seed as string | null) ?? null,
    state: typeof row.state === 'string' ? (JSON.parse(row.state) as object) : null,
    version: Number(row.version),
    archivedAt: epochMsOrNull(row.archived_at),
    deletedAt: epochMsOrNull(row.deleted_at),
    lastSeq: row.last_seq === null || row.last_seq === undefined ? 0 : Number(row.last_seq),
    rowVersion: typeof row.row_version === 'string' ? row.row_version : null,
  };
}

/** Whether a push's write applied, and the campaign row's `xmin` after it (Postgres; null on SQLite or when nothing was written). */
export interface RecordedPush {
  readonly written: boolean;
  readonly rowVersion: string | null;
}

/**
 * Writes a handled batch: its log rows, its rejections, the campaign's state and version,
 * and the device's last seq. On Postgres one statement, written only if the
 * campaign row is still at `read.rowVersion`. On SQLite, inside the caller's
 * transaction, always written.
 */
export async function recordPush(db: Database, read: PushTarget, write: PushWrite): Promise<RecordedPush> {
  if (isPostgres(db)) {
    if (read.rowVersion === null) throw new Error('a push on Postgres needs the row version it read');
    const p = new Parameters(true);
    const changes = write.applied.map(
      (change) =>
        `(CAST(${p.add(change.version)} AS integer), ${p.add(change.name)}, ${p.add(JSON.stringify(change.args))}, ${p.add(JSON.stringify(change.delta))}, ` +
        `CAST(${p.add(change.seq)} AS integer))`,
    );
    // Every push updates the row, also one whose actions were all rejected, so that `xmin` moves and a concurrent
    // push of the same device that read the old row writes nothing.
    const assignments =
      write.applied.length > 0 ? `state = ${p.add(JSON.stringify(write.state))}, version = ${p.add(write.version)}, updated_at = CURRENT_TIMESTAMP` : 'updated_at = CURRENT_TIMESTAMP';
    const campaign = p.add(write.campaignId);
    const client = p.add(write.clientId);
    const rejections = write.rejected.map(
      (rejected) =>
        `(CAST(${p.add(rejected.seq)} AS integer), ${p.add(rejected.name)}, ${p.add(rejected.code)}, ${p.add(rejected.rule)}, ${p.add(rejected.field)}, ${p.add(rejected.reason)})`,
    );
    const sql =
      // RETURNING sees the new row, so its xmin is this write's transaction: the row version a later push can expect.
      `WITH campaign AS (UPDATE campaigns SET ${assignments} WHERE id = ${campaign} AND xmin = CAST(${p.add(read.rowVersion)} AS xid) ` +
      'RETURNING id, CAST(xmin AS text) AS row_version)' +
      (changes.length > 0
        ? ', changes AS (INSERT INTO campaign_changes (campaign_id, version, name, args, delta, client_id, seq, player_id, applied_at) ' +
          `SELECT campaign.id, v.version, v.name, v.args, v.delta, ${client}, v.seq, ${p.add(write.playerId)}, CAST(${p.add(write.appliedAt)} AS bigint) ` +
          `FROM campaign CROSS JOIN (VALUES ${changes.join(', ')}) AS v (version, name, args, delta, seq))`
        : '') +
      (rejections.length > 0
        ? `, rejections AS (INSERT INTO ${REJECTION_COLUMNS} ` +
          `SELECT campaign.id, ${client}, v.seq, ${p.add(write.playerId)}, v.name, v.code, v.rule, v.field, v.reason, CAST(${p.add(write.appliedAt)} AS bigint) ` +
          `FROM campaign CROSS JOIN (VALUES ${rejections.join(', ')}) AS v (seq, name, code, rule, field, reason) ${REJECTION_CONFLICT})`
        : '') +
      `, client AS (INSERT INTO campaign_clients (campaign_id, client_id, last_seq) SELECT campaign.id, ${client}, CAST(${p.add(write.lastSeq)} AS integer) FROM campaign ` +
      'ON CONFLICT (campaign_id, client_id) DO UPDATE SET last_seq = excluded.last_seq) ' +
      'SELECT row_version FROM campaign';
    const [written] = await run(db, sql, p.values);
    return written ? { written: true, rowVersion: written.row_version as string } : { written: false, rowVersion: null };
  }

  const statements: ((p: Parameters) => string)[] = [];
  if (write.applied.length > 0) {
    statements.push(
      (p) =>
        'INSERT INTO campaign_changes (campaign_id, version, name, args, delta, client_id, seq, player_id, applied_at) VALUES ' +
        write.applied
          .map(
            (change) =>
              `(${p.add(write.campaignId)}, ${p.add(change.version)}, ${p.add(change.name)}, ${p.add(JSON.stringify(change.args))}, ` +
              `${p.add(JSON.stringify(change.delta))}, ${p.add(write.clientId)}, ${p.add(change.seq)}, ${p.add(write.playerId)}, ${p.add(write.appliedAt)})`,
          )
          .join(', '),
      (p) =>
        `UPDATE campaigns SET state = ${p.add(JSON.stringify(write.state))}, version = ${p.add(write.version)}, updated_at = CURRENT_TIMESTAMP ` +
        `WHERE id = ${p.add(write.campaignId)}`,
    );
  }
  if (write.rejected.length > 0) {
    statements.push(
      (p) =>
        `INSERT INTO ${REJECTION_COLUMNS} VALUES ` +
        write.rejected
          .map(
            (rejected) =>
              `(${p.add(write.campaignId)}, ${p.add(write.clientId)}, ${p.add(rejected.seq)}, ${p.add(write.playerId)}, ${p.add(rejected.name)}, ` +
              `${p.add(rejected.code)}, ${p.add(rejected.rule)}, ${p.add(rejected.field)}, ${p.add(rejected.reason)}, ${p.add(write.appliedAt)})`,
          )
          .join(', ') +
        ` ${REJECTION_CONFLICT}`,
    );
  }
  statements.push(
    (p) =>
      `INSERT INTO campaign_clients (campaign_id, client_id, last_seq) VALUES (${p.add(write.campaignId)}, ${p.add(write.clientId)}, ${p.add(write.lastSeq)}) ` +
      'ON CONFLICT (campaign_id, client_id) DO UPDATE SET last_seq = excluded.last_seq',
  );
  for (const statement of statements) {
    const p = new Parameters(false);
    const sql = statement(p);
    await run(db, sql, p.values);
  }
  return { written: true, rowVersion: null };
}
