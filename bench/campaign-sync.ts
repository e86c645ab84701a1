import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Redis from 'ioredis';
import { Client } from 'pg';
import { BaseConfig, TokenService } from '@scriptbook/platform';
import { dropScratchStores, pgbenchTps } from './lib/baselines';
import { runLoad, warmUp } from './lib/load';
import { call, PUSH } from './lib/pushing-devices';
import { composeSupergraph, DIRECT_CALLS, Piece, startGatewayOver, startPiece, stopPiece } from './lib/platform-processes';

/**
 * Campaign sync through the gateway, each figure against a baseline measured
 * in the same run, as the median of alternating rounds:
 *  - action pushes per second in batches of 1 and of 20 against pgbench
 *    inserting one row per transaction over as many connections; target for
 *    batches of 1 ≥ 0.5;
 *  - `campaign(id)` reads against content's `scenario(id)`, both through the
 *    gateway; target ≥ 0.8. The reads ask for one campaign again and again,
 *    so after the first each is served from the campaigns replica's read
 *    cache, as a campaign re-read before it changes is (docs/sync.md).
 *    Beside them, first reads: each asks for a campaign nobody has read yet
 *    (copies of a new one, written straight into the table), so each goes
 *    to Postgres, as a read right after a change does.
 * Each connection pushes to a campaign of its own, as a device does: pushes
 * to one campaign take its row lock one after another by design.
 * Beside them, `{ __typename }` through the same gateway with the same token
 * and connections, which the gateway answers without a subgraph: the most
 * any request through it can reach on this machine, so the distance from a
 * target can be told apart from the gateway's own ceiling.
 * Not part of `npm test`.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const READS = Number(process.env.BENCH_READS ?? 4000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const SCENARIO = 'stalker-zs:scenario:boss-hunt';

const schema = `bench_campaigns_${process.pid}`;
const prefix = `bench-${process.pid}`;
const tokens = new TokenService({ JWT_SECRET, JWT_TTL: '1h' } as BaseConfig);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Every connection pushes its own device's queue to its own campaign for
 * `seconds`, through the same lean load generator as the reads (and as
 * pgbench, one request at a time per connection); returns actions applied
 * per second. Answers are not parsed on the way: afterwards each campaign
 * must stand at exactly the version and seq its device pushed, or the round
 * fails, so nothing counted went unapplied or was applied twice.
 */
async function pushActions(url: string, bearer: string, campaigns: string[], seqs: number[], batch: number, seconds: number): Promise<number> {
  const body = (w: number) => {
    const actions = Array.from({ length: batch }, (_, k) => ({ seq: seqs[w] + k + 1, name: 'add-resource', args: { resource: 'Wood', amount: 1 } }));
    seqs[w] += batch;
    return JSON.stringify({ query: PUSH, variables: { input: { campaignId: campaigns[w], clientId: `bench-device-${w}`, actions } } });
  };
  const headers = { authorization: `Bearer ${bearer}` };
  const started = performance.now();
  const loads = await Promise.all(
    campaigns.map((_, w) => runLoad({ url, body: () => body(w), headers, requests: Number.MAX_SAFE_INTEGER, concurrency: 1, timeLimitMs: seconds * 1000 })),
  );
  const elapsed = (performance.now() - started) / 1000;
  const failed = loads.reduce((sum, load) => sum + load.failed, 0);
  if (failed > 0) throw new Error(`${failed} pushes failed`);
  for (const [w, campaignId] of campaigns.entries()) {
    const { campaign } = await call(url, `query($id: ID!) { campaign(id: $id) { version } }`, { id: campaignId }, bearer);
    if (campaign.version !== seqs[w]) throw new Error(`campaign ${w} is at version ${campaign.version}, its device pushed ${seqs[w]} actions`);
  }
  return (loads.reduce((sum, load) => sum + load.completed, 0) * batch) / elapsed;
}

function pgbenchInsertTps(): number {
  const script = `INSERT INTO "${schema}".pgbench_rows (client, payload) VALUES (:client_id, '{"resource":"Wood","amount":1}');\n`;
  return pgbenchTps({ databaseUrl: DATABASE_URL, script, clients: CONCURRENCY, seconds: ROUND_SECONDS });
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL);
  const pieces: Piece[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-bench-supergraph-'));
  try {
    const base = { REDIS_PREFIX: prefix, REDIS_URL, JWT_SECRET };
    const campaigns = await startPiece('services/campaigns/src/main.js', { ...base, ...DIRECT_CALLS, DATABASE_URL, DATABASE_SCHEMA: schema });
    pieces.push(campaigns);
    pieces.push(await startPiece('services/campaigns/src/worker.js', { ...base, DATABASE_URL, DATABASE_SCHEMA: schema }));
    const content = await startPiece('services/content/src/main.js', { ...base, ...DIRECT_CALLS });
    pieces.push(content);
    const gateway = await startGatewayOver(await composeSupergraph(dir, { campaigns, content }), { campaigns, content }, base);
    pieces.push(gateway);
    const url = `${gateway.url}/graphql`;
    const bearer = tokens.issue('bench-player').accessToken;

    const ids: string[] = [];
    for (let w = 0; w < CONCURRENCY; w++) {
      ids.push((await call(url, `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`, { input: { gameId: 'twom', name: `Bench ${w}` } }, bearer)).createCampaign.id);
    }
    const seqs = ids.map(() => 0);
    await db.query(`CREATE TABLE "${schema}".pgbench_rows (id bigserial PRIMARY KEY, client integer NOT NULL, payload text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);

    const readCampaign = JSON.stringify({ query: `{ campaign(id: "${ids[0]}") { id name version stateJson } }` });
    // Copies of a campaign no one has pushed to yet, one per first read of every round.
    await db.query(
      `INSERT INTO "${schema}".campaigns (id, game_id, name, owner_id, group_id, state, seed, setup_transcript, version, created_at, updated_at)
       SELECT 'bench-first-read-' || g, game_id, name, owner_id, group_id, state, seed, setup_transcript, 0, now(), now()
         FROM "${schema}".campaigns, generate_series(1, $2) AS g WHERE id = $1`,
      [ids[ids.length - 1], READS * ROUNDS],
    );
    let firstReadsIssued = 0;
    // The id goes in a variable, as a client sends it: one query text, so the gateway plans it once.
    const readNewCampaign = () =>
      JSON.stringify({ query: 'query($id: ID!) { campaign(id: $id) { id name version stateJson } }', variables: { id: `bench-first-read-${++firstReadsIssued}` } });
    const readScenario = JSON.stringify({ query: `{ scenario(id: "${SCENARIO}") { id name } }` });
    const auth = { authorization: `Bearer ${bearer}` };
    await pushActions(url, bearer, ids, seqs, 1, 1);
    await runLoad({ url, body: readCampaign, headers: auth, requests: 500, concurrency: CONCURRENCY, timeLimitMs: 10_000 });
    await warmUp(url, readScenario, 500);

    const single: number[] = [];
    const twenty: number[] = [];
    const pg: number[] = [];
    const campaignReads: number[] = [];
    const ceiling: number[] = [];
    const typename = JSON.stringify({ query: '{ __typename }' });
    const scenarioReads: number[] = [];
    const firstReads: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      pg.push(pgbenchInsertTps());
      single.push(await pushActions(url, bearer, ids, seqs, 1, ROUND_SECONDS));
      twenty.push(await pushActions(url, bearer, ids, seqs, 20, ROUND_SECONDS));
      const reads = await runLoad({ url, body: readCampaign, headers: auth, requests: READS, concurrency: CONCURRENCY, timeLimitMs: 60_000 });
      const baseline = await runLoad({ url, body: readScenario, requests: READS, concurrency: CONCURRENCY, timeLimitMs: 60_000 });
      const first = await runLoad({ url, body: readNewCampaign, headers: auth, requests: READS, concurrency: CONCURRENCY, timeLimitMs: 60_000 });
      if (first.failed > 0) throw new Error(`first reads failed: ${first.failed}`);
      firstReads.push(first.perSecond);
      if (reads.failed + baseline.failed > 0) throw new Error(`reads failed: campaign ${reads.failed}, scenario ${baseline.failed}`);
      const bare = await runLoad({ url, body: typename, headers: auth, requests: Number.MAX_SAFE_INTEGER, concurrency: CONCURRENCY, timeLimitMs: ROUND_SECONDS * 1000 });
      ceiling.push(bare.perSecond);
      campaignReads.push(reads.perSecond);
      scenarioReads.push(baseline.perSecond);
      console.log(
        `round ${round + 1}: pgbench ${pg[round].toFixed(0)} tps; pushes ×1 ${single[round].toFixed(0)} actions/s, ×20 ${twenty[round].toFixed(0)} actions/s; ` +
          `campaign(id) ${reads.perSecond.toFixed(0)}/s (first reads ${first.perSecond.toFixed(0)}/s), scenario(id) ${baseline.perSecond.toFixed(0)}/s; { __typename } ${bare.perSecond.toFixed(0)}/s`,
      );
    }

    const ratio = (a: number[], b: number[]) => median(a.map((value, i) => value / b[i])).toFixed(2);
    console.log('');
    console.log(`pushes of 1 action through the gateway, ${CONCURRENCY} devices: ${median(single).toFixed(0)} actions/s`);
    console.log(`pushes of 20 actions: ${median(twenty).toFixed(0)} actions/s (${(median(twenty) / 20).toFixed(0)} pushes/s)`);
    console.log(`pgbench single-row insert, ${CONCURRENCY} connections: ${median(pg).toFixed(0)} tps`);
    console.log(`  ratio ×1 ${ratio(single, pg)} (target ≥ 0.5); ratio ×20 ${ratio(twenty, pg)} in actions`);
    console.log(`gateway ceiling, { __typename } over ${CONCURRENCY} connections: ${median(ceiling).toFixed(0)}/s, ratio to pgbench ${ratio(ceiling, pg)}`);
    console.log(`  pushes of 1 reach ${ratio(single, ceiling)} of it; campaign(id) ${ratio(campaignReads, ceiling)}, scenario(id) ${ratio(scenarioReads, ceiling)}`);
    console.log(`campaign(id) ${median(campaignReads).toFixed(0)}/s against scenario(id) ${median(scenarioReads).toFixed(0)}/s through the gateway`);
    console.log(`  ratio ${ratio(campaignReads, scenarioReads)} (target ≥ 0.8)`);
    console.log(`first reads of campaigns, each from Postgres: ${median(firstReads).toFixed(0)}/s, ratio to scenario(id) ${ratio(firstReads, scenarioReads)}`);
  } finally {
    for (const piece of pieces.reverse()) await stopPiece(piece);
    rmSync(dir, { recursive: true, force: true });
    await dropScratchStores(db, schema, redis, prefix);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
