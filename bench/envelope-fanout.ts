import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { composeServices } from '@apollo/composition';
import { Queue } from 'bullmq';
import { parse } from 'graphql';
import Redis from 'ioredis';
import { Client } from 'pg';
import { redisOptionsFromUrl } from '@scriptbook/platform';
import { envelopeUnlockQueue } from '../services/campaigns/src/envelopes/envelope-unlock.queue';
import { dropScratchStores } from './lib/baselines';
import { followJob, FollowedJob } from './lib/follow-job';
import { envelopeHolding, GroupCampaignRows, openEnvelopeInOneUpdate, resetGroup, seedCampaigns, storedState } from './lib/group-campaign-rows';
import { DIRECT_CALLS, Piece, startPiece, stopPiece } from './lib/platform-processes';

/**
 * Opening a legacy envelope for a group of 100,000 campaigns, the way a
 * client does it: a member records a won Tales scenario through the gateway
 * (`recordScenarioOutcome`), and follows the unlock job through `job(id)`
 * until it completes, printing the progress the job reports as it goes.
 * The baseline, in the same run on the same rows: one set-based
 * `UPDATE campaigns … WHERE group_id = $1` making the same change (the same
 * entry appended to `envelopesOpened`, the version raised), which is the
 * least the database needs for it. The fan-out also writes one change-log row
 * per campaign and pokes live followers, which the UPDATE does not.
 * Target: the fan-out takes at most 3 times the UPDATE. Rounds alternate
 * which runs first; between runs the rows are reset and vacuumed. Medians.
 *
 * The group is created through accounts and its first campaign through
 * campaigns (a new `twom` campaign, the game Tales from the Ruined City is
 * played in); the other 99,999 are copies of it inserted in SQL, its stored
 * state included. The seeds do not say which envelope a scenario opens: the
 * benchmark sends A for Epidemic as players reading it off their sheet would
 * (any Tales scenario and envelope do the same work). Not part of `npm test`.
 */
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 100);
const JOB_TIMEOUT_MS = Number(process.env.BENCH_JOB_TIMEOUT_MS ?? 600_000);
const TARGET_RATIO = 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SCENARIO = 'twom:scenario:epidemic';
const ENVELOPE = 'twom:envelope:a';

const schema = `bench_envelopes_${process.pid}`;
const schemaOf = (service: string) => `${schema}_${service}`;
const prefix = `bench-${process.pid}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function call(url: string, query: string, variables: Record<string, unknown> = {}, bearer?: string): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown };
  if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const RECORD = `mutation($input: RecordScenarioOutcomeInput!) {
  recordScenarioOutcome(input: $input) { opensEnvelope envelopeNote unlockJob { id kind state } }
}`;

/** The subgraphs a client's path crosses, each from the build, and the gateway composed over them. */
async function startPlatform(pieces: Piece[], dir: string): Promise<string> {
  const base = { REDIS_PREFIX: prefix, REDIS_URL, DATABASE_URL, ...DIRECT_CALLS };
  const subgraphs: Record<string, Piece> = {};
  for (const [name, entry] of [
    ['accounts', 'services/accounts/src/main.js'],
    ['campaigns', 'services/campaigns/src/main.js'],
    ['scoring', 'services/scoring/src/main.js'],
  ] as const) {
    subgraphs[name] = await startPiece(entry, { ...base, DATABASE_SCHEMA: schemaOf(name) });
    pieces.push(subgraphs[name]);
  }
  // After the API, whose start runs the migrations the worker relies on.
  pieces.push(await startPiece('services/campaigns/src/worker.js', { ...base, DATABASE_SCHEMA: schemaOf('campaigns') }));
  const services = [];
  for (const [name, piece] of Object.entries(subgraphs)) {
    const sdl = (await call(`${piece.url}/graphql`, '{ _service { sdl } }'))._service.sdl as string;
    services.push({ name, typeDefs: parse(sdl), url: `${piece.url}/graphql` });
  }
  const composed = composeServices(services);
  if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
  writeFileSync(join(dir, 'supergraph.graphql'), composed.supergraphSdl);
  const unused = 'http://127.0.0.1:9/graphql';
  const gateway = await startPiece('services/gateway/src/main.js', {
    REDIS_PREFIX: prefix,
    REDIS_URL,
    SUPERGRAPH_PATH: join(dir, 'supergraph.graphql'),
    ACCOUNTS_URL: `${subgraphs.accounts.url}/graphql`,
    CAMPAIGNS_URL: `${subgraphs.campaigns.url}/graphql`,
    SCORING_URL: `${subgraphs.scoring.url}/graphql`,
    CONTENT_URL: unused,
    RULES_URL: unused,
    RATE_LIMIT_PER_MINUTE: '0',
  });
  pieces.push(gateway);
  return `${gateway.url}/graphql`;
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL);
  const unlocks = new Queue(envelopeUnlockQueue.name, { connection: redisOptionsFromUrl(REDIS_URL), prefix });
  const pieces: Piece[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-bench-supergraph-'));
  try {
    const url = await startPlatform(pieces, dir);

    const signUp = await call(
      url,
      'mutation($input: RegisterPlayerInput!) { registerPlayer(input: $input) { accessToken player { id } } }',
      { input: { email: `bench-${process.pid}@example.org`, password: 'a long bench password', displayName: 'Bench' } },
    );
    const bearer = signUp.registerPlayer.accessToken as string;
    const groupId = (await call(url, 'mutation { createGroup(input: { name: "Bench group" }) { id } }', {}, bearer)).createGroup.id as string;
    const template = (
      await call(url, 'mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }', { input: { gameId: 'twom', name: 'Bench template', groupId } }, bearer)
    ).createCampaign.id as string;
    const rows: GroupCampaignRows = { db, schema: schemaOf('campaigns'), groupId };
    const seedStarted = performance.now();
    await seedCampaigns(rows, template, CAMPAIGNS - 1);
    const templateState = await storedState(rows, template);
    console.log(`seeded ${CAMPAIGNS} campaigns in group ${groupId} in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (state ${templateState.length} bytes each)`);

    let entry: object | null = null;
    const fanOut = async (round: number): Promise<number> => {
      await resetGroup(rows, templateState);
      const startedAt = performance.now();
      const recorded = (await call(url, RECORD, { input: { campaignId: template, scenarioId: SCENARIO, won: true, envelope: ENVELOPE } }, bearer)).recordScenarioOutcome;
      if (!recorded.opensEnvelope || !recorded.unlockJob) throw new Error(`the win opened nothing: ${recorded.envelopeNote}`);
      const jobId = recorded.unlockJob.id as string;
      // Each figure job(id) reports is printed as it arrives: time since the win was recorded, and the job's progress.
      process.stdout.write(`round ${round} fan-out, job ${jobId} as job(id) reports it:`);
      const followed: FollowedJob = await followJob({
        url,
        bearer,
        jobId,
        startedAt,
        pollMs: POLL_MS,
        timeoutMs: JOB_TIMEOUT_MS,
        onChange: (point) => process.stdout.write(` ${(point.atMs / 1000).toFixed(1)}s ${point.state === 'COMPLETED' ? 'done' : `${point.progress}%`}`),
      });
      process.stdout.write('\n');
      const holding = await envelopeHolding(rows, ENVELOPE);
      if (holding.holdingOnce !== CAMPAIGNS) throw new Error(`after the job ${holding.holdingOnce} of ${holding.campaigns} campaigns hold the envelope once`);
      entry = holding.entry;
      console.log(`round ${round} fan-out: ${(followed.elapsedMs / 1000).toFixed(2)} s, ${followed.points.length} progress figures over ${followed.polls} polls`);
      // The job id derives from group and envelope: the next round may only queue it again once this one is gone.
      await unlocks.remove(jobId);
      return followed.elapsedMs;
    };
    const update = async (round: number): Promise<number> => {
      if (!entry) throw new Error('the baseline repeats the entry a fan-out wrote; run a fan-out first');
      await resetGroup(rows, templateState);
      const ms = await openEnvelopeInOneUpdate(rows, entry);
      const holding = await envelopeHolding(rows, ENVELOPE);
      if (holding.holdingOnce !== CAMPAIGNS) throw new Error(`after the UPDATE ${holding.holdingOnce} of ${holding.campaigns} campaigns hold the envelope once`);
      console.log(`round ${round} UPDATE: ${(ms / 1000).toFixed(2)} s`);
      return ms;
    };

    const fanOuts: number[] = [];
    const updates: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // The first round runs the fan-out first: the baseline writes the very entry it wrote.
      if (round % 2 === 1) {
        fanOuts.push(await fanOut(round));
        updates.push(await update(round));
      } else {
        updates.push(await update(round));
        fanOuts.push(await fanOut(round));
      }
    }

    const ratio = median(fanOuts.map((ms, i) => ms / updates[i]));
    console.log('');
    console.log(`envelope fan-out over ${CAMPAIGNS} campaigns through the gateway: ${(median(fanOuts) / 1000).toFixed(2)} s (median of ${ROUNDS})`);
    console.log(`one set-based UPDATE of the same rows: ${(median(updates) / 1000).toFixed(2)} s`);
    console.log(`  ratio ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO}): ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`);
  } finally {
    for (const piece of pieces.reverse()) await stopPiece(piece);
    await unlocks.close();
    rmSync(dir, { recursive: true, force: true });
    for (const service of ['accounts', 'scoring']) await db.query(`DROP SCHEMA IF EXISTS "${schemaOf(service)}" CASCADE`);
    await dropScratchStores(db, schemaOf('campaigns'), redis, prefix);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
