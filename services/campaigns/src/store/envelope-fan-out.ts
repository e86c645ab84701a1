import type { OpenedEnvelope } from '@scriptbook/campaign-model';
import { inTransaction } from '@scriptbook/platform';
import { DataSource } from 'typeorm';

/** What the fan-out writes into each campaign, and who is shown as having done it. */
export interface EnvelopeOpening {
  readonly groupId: string;
  /** The game whose campaigns receive it (the envelope's content game). */
  readonly gameId: string;
  /** The state field the game's model keeps opened envelopes in (a plain identifier, checked when the model was defined). */
  readonly stateField: string;
  /** The name the change log gives the opening: the model's `openAction`. */
  readonly openAction: string;
  readonly entry: OpenedEnvelope;
  readonly playerId: string;
  /** The campaign whose win opened it, kept in each change's args. */
  readonly openedInCampaignId: string;
}

export interface BatchOutcome {
  /** Campaigns the batch looked at: the cursor moves past all of them. */
  readonly scanned: number;
  /** The last campaign id looked at; null when no campaign was left. */
  readonly lastId: string | null;
  /** The campaigns that received the envelope in this batch, with their new version. */
  readonly changed: { campaignId: string; version: number }[];
}

/**
 * Brings one batch of a group's campaigns up to date with an opened envelope:
 * the next `size` campaigns after `afterId` (by id), each not yet holding it
 * gets it appended to the model's state field, its version raised by one and
 * one opening change in its log, all in one transaction. The state change
 * and its delta are exactly what `openingChanges` plans; they are done in
 * SQL so a batch costs one round trip whatever its size (a group of 100,000
 * campaigns is 100 batches, not 100,000 reads and writes).
 *
 * Idempotent per campaign: one that already holds the envelope is skipped, so
 * a job restarted after a crash never adds it twice. Concurrent pushes are
 * safe: on Postgres the batch locks its rows first (a push holding one is
 * waited for) and reads them as the last writer left them; on SQLite writers
 * take turns.
 */
export async function openEnvelopeInBatch(dataSource: DataSource, opening: EnvelopeOpening, afterId: string, size: number, progressDone: number): Promise<BatchOutcome> {
  const args = JSON.stringify({ envelopeId: opening.entry.envelopeId, byScenarioId: opening.entry.byScenarioId, openedInCampaignId: opening.openedInCampaignId });
  return dataSource.options.type === 'postgres'
    ? postgresBatch(dataSource, opening, args, afterId, size, progressDone)
    : sqliteBatch(dataSource, opening, args, afterId, size, progressDone);
}

async function postgresBatch(dataSource: DataSource, o: EnvelopeOpening, args: string, afterId: string, size: number, progressDone: number): Promise<BatchOutcome> {
  // One statement, so one transaction and one round trip: the state, the version, the log and the progress move together.
  const [row] = await dataSource.query(
    `WITH batch AS (
       SELECT id FROM campaigns WHERE group_id = $1 AND game_id = $2 AND id > $3 ORDER BY id LIMIT $4
     ),
     -- The rows are locked and read as the last writer left them, and each state is parsed once. By an id list
     -- rather than a join: joined, the planner scans the whole table once per batch.
     locked AS (
       SELECT id, state::jsonb AS doc FROM campaigns WHERE id = ANY (ARRAY(SELECT id FROM batch)) AND state IS NOT NULL FOR UPDATE
     ),
     targets AS (
       SELECT id, doc, COALESCE(doc -> $12::text, '[]'::jsonb) AS held FROM locked
       WHERE NOT COALESCE(doc -> $12::text, '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('envelopeId', $6::text))
     ),
     opened AS (
       UPDATE campaigns c
       SET state = jsonb_set(t.doc, ARRAY[$12::text], t.held || jsonb_build_array($5::jsonb))::text,
           version = c.version + 1,
           updated_at = now()
       FROM targets t
       WHERE c.id = t.id
       RETURNING c.id, c.version, t.held
     ),
     logged AS (
       INSERT INTO campaign_changes (campaign_id, version, name, args, delta, client_id, seq, player_id, applied_at, undoes_version, undone_by_version)
       SELECT id, version, $7, $8,
              jsonb_build_array(jsonb_build_object('op', 'set', 'path', jsonb_build_array($12::text), 'from', held, 'to', held || jsonb_build_array($5::jsonb)))::text,
              NULL, NULL, $9, $10, NULL, NULL
       FROM opened
       RETURNING campaign_id, version
     ),
     progress AS (
       UPDATE group_envelopes SET campaigns_done = $11 + (SELECT count(*) FROM batch)
       WHERE group_id = $1 AND envelope_id = $6
     )
     SELECT (SELECT max(id) FROM batch) AS last_id,
            (SELECT count(*) FROM batch)::int AS scanned,
            COALESCE((SELECT json_agg(json_build_array(campaign_id, version)) FROM logged), '[]'::json) AS changed`,
    [o.groupId, o.gameId, afterId, size, JSON.stringify(o.entry), o.entry.envelopeId, o.openAction, args, o.playerId, Date.now(), progressDone, o.stateField],
  );
  const changed = (row.changed as [string, number][]).map(([campaignId, version]) => ({ campaignId, version }));
  return { scanned: row.scanned, lastId: row.last_id, changed };
}

async function sqliteBatch(dataSource: DataSource, o: EnvelopeOpening, args: string, afterId: string, size: number, progressDone: number): Promise<BatchOutcome> {
  return inTransaction(dataSource, async (manager) => {
    // The UPDATE first: it takes SQLite's write lock, so nothing changes between it and the reads after it.
    const path = `$.${o.stateField}`;
    const updated: { id: string; version: number; envelopes: string }[] = await manager.query(
      `UPDATE campaigns
       SET state = json_set(state, ?, json_insert(COALESCE(json_extract(state, ?), '[]'), '$[#]', json(?))),
           version = version + 1,
           updated_at = datetime('now')
       WHERE id IN (SELECT id FROM campaigns WHERE group_id = ? AND game_id = ? AND id > ? ORDER BY id LIMIT ?)
         AND state IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM json_each(campaigns.state, ?) AS held WHERE json_extract(held.value, '$.envelopeId') = ?)
       RETURNING id, version, json_extract(state, ?) AS envelopes`,
      [path, path, JSON.stringify(o.entry), o.groupId, o.gameId, afterId, size, path, o.entry.envelopeId, path],
    );
    const [batch]: { last_id: string | null; scanned: number }[] = await manager.query(
      `SELECT max(id) AS last_id, count(*) AS scanned FROM (SELECT id FROM campaigns WHERE group_id = ? AND game_id = ? AND id > ? ORDER BY id LIMIT ?)`,
      [o.groupId, o.gameId, afterId, size],
    );
    const appliedAt = Date.now();
    const rows = updated.map((campaign) => {
      const to = JSON.parse(campaign.envelopes) as unknown[];
      const delta = [{ op: 'set', path: [o.stateField], from: to.slice(0, -1), to }];
      return [campaign.id, campaign.version, o.openAction, args, JSON.stringify(delta), o.playerId, appliedAt];
    });
    // 7 parameters a row keeps each INSERT well under SQLite's parameter limit.
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500);
      await manager.query(
        `INSERT INTO campaign_changes (campaign_id, version, name, args, delta, player_id, applied_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flat(),
      );
    }
    await manager.query(`UPDATE group_envelopes SET campaigns_done = ? WHERE group_id = ? AND envelope_id = ?`, [
      progressDone + Number(batch.scanned),
      o.groupId,
      o.entry.envelopeId,
    ]);
    return { scanned: Number(batch.scanned), lastId: batch.last_id, changed: updated.map((c) => ({ campaignId: c.id, version: c.version })) };
  });
}
