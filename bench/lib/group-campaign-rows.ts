import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';

/**
 * The rows of one group's campaigns in a benchmark's scratch copy of the
 * campaigns schema, written directly in SQL: seeding a group of 100,000
 * campaigns through the API would take longer than the work being measured.
 */
export interface GroupCampaignRows {
  readonly db: Client;
  /** The scratch schema the campaigns service runs in. */
  readonly schema: string;
  readonly groupId: string;
}

/**
 * Adds `count` campaigns to the group in one INSERT … SELECT over
 * generate_series, each a copy of `template` (a campaign the API created,
 * so every copy holds the state a new campaign of its game starts with).
 * The copies' ids (`bench-00000001` …) differ in form from the API's
 * time-ordered ones; the fan-out walks the group by id whatever they are.
 */
export async function seedCampaigns(rows: GroupCampaignRows, templateId: string, count: number): Promise<void> {
  if (count <= 0) return;
  await rows.db.query(
    `INSERT INTO "${rows.schema}".campaigns (id, game_id, name, owner_id, group_id, state, seed, setup_transcript, version, created_at, updated_at)
     SELECT 'bench-' || lpad(n::text, 8, '0'), t.game_id, 'Bench campaign ' || n, t.owner_id, t.group_id, t.state, 'bench-' || n, NULL, 0, now(), now()
     FROM "${rows.schema}".campaigns t, generate_series(1, $2::int) AS n
     WHERE t.id = $1`,
    [templateId, count],
  );
  await rows.db.query(`VACUUM (ANALYZE) "${rows.schema}".campaigns`);
}

/** The stored state of one campaign, as the text the column holds. */
export async function storedState(rows: GroupCampaignRows, campaignId: string): Promise<string> {
  const { rows: found } = await rows.db.query(`SELECT state FROM "${rows.schema}".campaigns WHERE id = $1`, [campaignId]);
  if (found.length === 0 || found[0].state === null) throw new Error(`campaign ${campaignId} has no stored state`);
  return found[0].state as string;
}

/**
 * Puts every campaign of the group back as it was before an envelope
 * opened: the template's state, version 0, no change log, no device
 * progress, no record of the group's envelopes. Then vacuums, so each timed
 * run starts from tables without the dead rows the last one left.
 */
export async function resetGroup(rows: GroupCampaignRows, templateState: string): Promise<void> {
  const inGroup = `SELECT id FROM "${rows.schema}".campaigns WHERE group_id = $1`;
  await rows.db.query(`DELETE FROM "${rows.schema}".campaign_changes WHERE campaign_id IN (${inGroup})`, [rows.groupId]);
  await rows.db.query(`DELETE FROM "${rows.schema}".campaign_clients WHERE campaign_id IN (${inGroup})`, [rows.groupId]);
  await rows.db.query(`DELETE FROM "${rows.schema}".group_envelopes WHERE group_id = $1`, [rows.groupId]);
  await rows.db.query(`UPDATE "${rows.schema}".campaigns SET state = $2, version = 0 WHERE group_id = $1`, [rows.groupId, templateState]);
  for (const table of ['campaigns', 'campaign_changes', 'campaign_clients']) await rows.db.query(`VACUUM (ANALYZE) "${rows.schema}".${table}`);
}

/**
 * The baseline: the envelope's change to every campaign of the group as one
 * set-based UPDATE, the least the database itself needs for it: the entry
 * appended to `envelopesOpened` and the version raised. Returns milliseconds.
 */
export async function openEnvelopeInOneUpdate(rows: GroupCampaignRows, entry: object): Promise<number> {
  const started = performance.now();
  const result = await rows.db.query(
    `UPDATE "${rows.schema}".campaigns
     SET state = jsonb_set(state::jsonb, '{envelopesOpened}', COALESCE(state::jsonb -> 'envelopesOpened', '[]'::jsonb) || jsonb_build_array($2::jsonb))::text,
         version = version + 1,
         updated_at = now()
     WHERE group_id = $1`,
    [rows.groupId, JSON.stringify(entry)],
  );
  const elapsed = performance.now() - started;
  if (result.rowCount === 0) throw new Error(`the group ${rows.groupId} has no campaigns`);
  return elapsed;
}

export interface EnvelopeHolding {
  /** Campaigns of the group. */
  readonly campaigns: number;
  /** Campaigns holding the envelope exactly once, at version 1 or more. */
  readonly holdingOnce: number;
  /** The entry as one campaign holds it, to repeat byte for byte in the baseline. */
  readonly entry: object | null;
}

/** How many campaigns of the group hold the envelope, and how often: the check that a run did the whole job. */
export async function envelopeHolding(rows: GroupCampaignRows, envelopeId: string): Promise<EnvelopeHolding> {
  const { rows: [counts] } = await rows.db.query(
    `SELECT count(*)::int AS campaigns,
            count(*) FILTER (WHERE version >= 1 AND (
              SELECT count(*) FROM jsonb_array_elements(COALESCE(state::jsonb -> 'envelopesOpened', '[]'::jsonb)) AS held
              WHERE held ->> 'envelopeId' = $2) = 1)::int AS holding_once,
            (SELECT held FROM "${rows.schema}".campaigns c, jsonb_array_elements(COALESCE(c.state::jsonb -> 'envelopesOpened', '[]'::jsonb)) AS held
             WHERE c.group_id = $1 AND held ->> 'envelopeId' = $2 LIMIT 1) AS entry
     FROM "${rows.schema}".campaigns WHERE group_id = $1`,
    [rows.groupId, envelopeId],
  );
  return { campaigns: counts.campaigns, holdingOnce: counts.holding_once, entry: counts.entry ?? null };
}
