import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import Redis from 'ioredis';
import { Client } from 'pg';
import { stalkerZsGame } from '@scriptbook/games';
import { BaseConfig, GATEWAY_SIGNATURE_HEADER, signGatewayRequest, TokenService } from '@scriptbook/platform';
import { dropScratchStores, pgbenchTps } from './lib/baselines';
import { measureBoardPages } from './lib/board-pages';
import { cpuMs, LoadResult, runLoad, warmUp } from './lib/load';
import { Piece, startPiece, stopPiece } from './lib/platform-processes';

/**
 * Zone Survival scoring at a million results, each figure against a baseline
 * measured in the same run on the same machine:
 *  - submissions per second through the gateway against pgbench inserting
 *    one row per transaction over as many connections; target ≥ 0.5;
 *  - the top 100 and a page around a player at the scoring subgraph, p50 and
 *    p99, on boards of a million entries, cached and executed, beside the
 *    subgraph's `{ __typename }` floor and the page cache's memory
 *    (lib/board-pages.ts); target p99 < 5 ms;
 *  - the rebuild job's sorted-set writes per second against redis-benchmark's
 *    pipelined ZADD; target ≥ 0.5.
 * Beside submissions it measures `{ __typename }` through the same gateway at
 * the same concurrency: the most any mutation could reach on this machine.
 * Submissions and the ceiling run in alternating rounds; medians are printed.
 * The million results are inserted server-side in one INSERT … SELECT over
 * generate_series, then ranked by the rebuild job itself. Not part of `npm test`.
 */
const RESULTS = Number(process.env.BENCH_SCORING_RESULTS ?? 1_000_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 3000);
const PAGE_REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS ?? 6000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const ROUNDS = 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
/** What startPiece gives every process: the benchmark signs its direct subgraph calls as the gateway would. */
const GATEWAY_SIGNING_SECRET = 'bench-gateway-signing-secret-long-enough';
const ADMIN = 'bench-admin';
/** Scopes × periods a result is ranked in (see docs/scoring.md), once more for the verified view when verified. */
const ENTRIES_PER_RESULT = 8 * 3;
/** Every third loaded result is verified. */
const ENTRIES = ENTRIES_PER_RESULT * (RESULTS + Math.floor(RESULTS / 3));

const schema = `bench_scoring_${process.pid}`;
const prefix = `bench-${process.pid}`;
const tokens = new TokenService({ JWT_SECRET, JWT_TTL: '1h' } as BaseConfig);
const token = (playerId: string) => tokens.issue(playerId).accessToken;

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score } } }`;
function submission(i: number): string {
  const declared = ['stalker-zs:card:setup:flooded-room', 'stalker-zs:card:setup:mysterious-cave'];
  return JSON.stringify({
    query: SUBMIT,
    variables: {
      input: {
        clientSubmissionId: `bench-submission-${i}`,
        scenarioId: 'stalker-zs:scenario:boss-hunt',
        mapId: `stalker-zs:map:${1 + (i % 10)}`,
        stalkerCount: 2,
        stalkers: ['Ana', 'Ben'],
        roundsPlayed: 8,
        objectiveMet: true,
        requests: [{ cardId: 'stalker-zs:card:setup:mysterious-thicket', met: true }],
        cardIds: ['stalker-zs:card:setup:mysterious-thicket', 'stalker-zs:card:setup:abandoned-stalker-camp', ...declared, 'stalker-zs:card:event:blizzard'],
        declaredCards: declared.map((cardId, k) => ({ cardId, cardType: 'setup', plus: 0, minus: (i + k) % 5 })),
      },
    },
  });
}

/** Runs a load and notes the scoring subgraph's CPU per request during it. */
type Measured = LoadResult & { cpuMsPerRequest: number };

async function measured(pid: number | undefined, options: Parameters<typeof runLoad>[0]): Promise<Measured> {
  const before = cpuMs(pid);
  const result = await runLoad(options);
  return { ...result, cpuMsPerRequest: (cpuMs(pid) - before) / Math.max(1, result.completed) };
}

/** The round with the median rate. */
function median<T extends LoadResult>(rounds: readonly T[]): T {
  return [...rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(rounds.length / 2)];
}

async function loadResults(db: Client): Promise<number> {
  const started = performance.now();
  // Spread over 600 days so week and season boards stay small and the all-time ones hold every player.
  // Ids follow the recording time, as timeOrderedId makes them in production; players do not.
  await db.query(
    `INSERT INTO "${schema}".results
       (id, game_id, player_id, client_submission_id, input_hash, game_fields, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at, created_at)
     SELECT 'bench-' || lpad((row_number() OVER (ORDER BY recorded_at, g))::text, 9, '0'), $2, 'bench-player-' || g, 'bench-' || g, repeat('0', 64),
            json_build_object(
              'scenarioId', 'stalker-zs:scenario:' || (ARRAY['elimination','recon-in-force','boss-hunt','manhunt','scouting','gather-supplies','secret-mission','escape','frontal-assault','surrounded'])[1 + g % 10],
              'mapId', 'stalker-zs:map:' || (1 + (g / 10) % 10), 'stalkerCount', 1 + g % 4, 'roundsPlayed', 8)::text,
            true, 20 + ((g::bigint * 7919) % 41)::int - 10, g % 3 = 0, '{}', NULL, NULL, 'bench', NULL,
            recorded_at
       FROM (SELECT g, now() - ((g % 600) || ' days')::interval - ((g % 86400000) || ' milliseconds')::interval AS recorded_at
               FROM generate_series(1, $1) AS g) AS spread`,
    [RESULTS, stalkerZsGame.id],
  );
  return (performance.now() - started) / 1000;
}

/** The header a production subgraph requires of its caller, for this body; valid for a minute. */
const signed = (body: string) => ({ [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(GATEWAY_SIGNING_SECRET, body) });

async function graphqlCall(url: string, query: string, bearer?: string): Promise<any> {
  const body = JSON.stringify({ query });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signed(body), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body,
  });
  const answer = (await response.json()) as { data?: any; errors?: unknown };
  if (answer.errors) throw new Error(`${query}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** CPU seconds Redis has used so far, from INFO. */
async function redisCpuSeconds(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? NaN);
  return field('used_cpu_sys') + field('used_cpu_user');
}

/** Runs the rebuild job and returns the sorted-set writes per second it achieved, and where its time went. */
async function rebuild(scoringUrl: string, redis: Redis, workerPid: number | undefined): Promise<{ seconds: number; writesPerSecond: number; redisCpu: number; workerCpu: number }> {
  const admin = token(ADMIN);
  const redisBefore = await redisCpuSeconds(redis);
  const workerBefore = cpuMs(workerPid);
  const started = performance.now();
  const { requestZoneSurvivalBoardsRebuild: job } = await graphqlCall(scoringUrl, 'mutation { requestZoneSurvivalBoardsRebuild { id } }', admin);
  for (;;) {
    const { job: state } = await graphqlCall(scoringUrl, `{ job(id: "${job.id}") { state progress failedReason } }`, admin);
    if (state.state === 'COMPLETED') break;
    if (state.state === 'FAILED') throw new Error(`rebuild failed: ${state.failedReason}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, writesPerSecond: ENTRIES / seconds, redisCpu: (await redisCpuSeconds(redis)) - redisBefore, workerCpu: (cpuMs(workerPid) - workerBefore) / 1000 };
}

async function redisUsedMemory(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? NaN);
}

function pgbenchInsertTps(clients: number): number {
  const script = `\\set score random(0, 40)\nINSERT INTO "${schema}".pgbench_results (player_id, score) VALUES ('p' || :client_id, :score);\n`;
  return pgbenchTps({ databaseUrl: DATABASE_URL, script, clients, seconds: PGBENCH_SECONDS });
}

function redisZaddRate(): number {
  const key = `${prefix}:redis-benchmark`;
  const out = execFileSync('redis-benchmark', ['-u', REDIS_URL, '-P', '16', '-n', '200000', '-r', '1000000', '-q', 'zadd', key, '__rand_int__', 'member:__rand_int__'], {
    encoding: 'utf8',
  });
  const rate = /([\d.]+) requests per second/.exec(out.split('\r').pop() ?? out);
  if (!rate) throw new Error(`redis-benchmark printed no rate:\n${out}`);
  return Number(rate[1]);
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL);
  const pieces: Piece[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-bench-supergraph-'));
  const base = { DATABASE_URL, DATABASE_SCHEMA: schema, REDIS_PREFIX: prefix, REDIS_URL, JWT_SECRET };
  try {
    // Production mode, as deployed: the page measurements sign their direct calls as the gateway does.
    const scoring = await startPiece('services/scoring/src/main.js', { ...base, SCORING_SUBMISSIONS_PER_MINUTE: '0', SCORING_ADMIN_PLAYER_IDS: ADMIN });
    pieces.push(scoring);
    const worker = await startPiece('services/scoring/src/worker.js', base);
    pieces.push(worker);
    const sdl = (await graphqlCall(`${scoring.url}/graphql`, '{ _service { sdl } }'))._service.sdl;
    const composed = composeServices([{ name: 'scoring', typeDefs: parse(sdl), url: `${scoring.url}/graphql` }]);
    if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
    writeFileSync(join(dir, 'supergraph.graphql'), composed.supergraphSdl);
    const unused = 'http://127.0.0.1:9/graphql';
    const gateway = await startPiece('services/gateway/src/main.js', {
      SUPERGRAPH_PATH: join(dir, 'supergraph.graphql'),
      SCORING_URL: `${scoring.url}/graphql`,
      ACCOUNTS_URL: unused,
      CONTENT_URL: unused,
      RULES_URL: unused,
      CAMPAIGNS_URL: unused,
      RATE_LIMIT_PER_MINUTE: '0',
      REDIS_PREFIX: prefix,
    });
    pieces.push(gateway);

    const loadSeconds = await loadResults(db);
    console.log(`loaded ${RESULTS} results into Postgres in ${loadSeconds.toFixed(1)} s`);
    const memoryBefore = await redisUsedMemory(redis);
    const rebuilt = await rebuild(`${scoring.url}/graphql`, redis, worker.process.pid);
    console.log(`rebuild job: ${RESULTS} results, ${ENTRIES} entries in ${rebuilt.seconds.toFixed(1)} s (Redis CPU ${rebuilt.redisCpu.toFixed(1)} s, worker CPU ${rebuilt.workerCpu.toFixed(1)} s)`);
    const boardBytes = (await redisUsedMemory(redis)) - memoryBefore;
    console.log(`Redis memory the boards took: ${(boardBytes / 1024 / 1024).toFixed(0)} MB, ${(boardBytes / ENTRIES).toFixed(0)} bytes a board entry (used_memory before and after the rebuild)`);
    const zadd = redisZaddRate();

    // Board pages first, on the boards just rebuilt and before submissions change them.
    const metricsUrl = `http://127.0.0.1:${Number(new URL(scoring.url).port) + 1000}/metrics`;
    await measureBoardPages({ graphqlUrl: `${scoring.url}/graphql`, gatewayUrl: `${gateway.url}/graphql`, metricsUrl, pid: scoring.process.pid, results: RESULTS, requests: PAGE_REQUESTS, rounds: ROUNDS, signed, tokenOf: token });

    await db.query(`CREATE TABLE "${schema}".pgbench_results (id bigserial PRIMARY KEY, player_id varchar(64) NOT NULL, score integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    const pgbench = pgbenchInsertTps(CONCURRENCY);
    const submitter = { authorization: `Bearer ${token('bench-submitter')}` };
    const gatewayUrl = `${gateway.url}/graphql`;
    const typename = JSON.stringify({ query: '{ __typename }' });
    await runLoad({ url: gatewayUrl, body: (i) => submission(10_000_000 + i), headers: submitter, requests: 300, concurrency: CONCURRENCY, timeLimitMs: 20_000 });
    await warmUp(gatewayUrl, typename, 300);
    const submissionRounds: Measured[] = [];
    const ceilingRounds: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const perRound = Math.ceil(SUBMISSIONS / ROUNDS);
      submissionRounds.push(await measured(scoring.process.pid, { url: gatewayUrl, body: (i) => submission(round * perRound + i), headers: submitter, requests: perRound, concurrency: CONCURRENCY, timeLimitMs: 60_000 }));
      ceilingRounds.push(await runLoad({ url: gatewayUrl, body: typename, headers: submitter, requests: perRound * 3, concurrency: CONCURRENCY, timeLimitMs: 60_000 }));
    }
    const submissions = median(submissionRounds);
    const ceiling = median(ceilingRounds);

    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log('');
    console.log(`submissions through the gateway: ${submissions.perSecond.toFixed(0)}/s (${submissions.failed} failed, p99 ${submissions.p99Ms.toFixed(1)} ms); scoring subgraph CPU ${submissions.cpuMsPerRequest.toFixed(2)} ms a submission`);
    console.log(`pgbench single-row insert, ${CONCURRENCY} connections: ${pgbench.toFixed(0)} tps`);
    console.log(`  ratio ${ratio(submissions.perSecond, pgbench)} (target ≥ 0.5)`);
    console.log(`gateway ceiling, { __typename } at the same concurrency: ${ceiling.perSecond.toFixed(0)}/s (${ceiling.failed} failed); ratio to pgbench ${ratio(ceiling.perSecond, pgbench)}`);
    console.log(`  submissions reach ${ratio(submissions.perSecond, ceiling.perSecond)} of the gateway's ceiling (rounds: ${submissionRounds.map((r) => r.perSecond.toFixed(0)).join(', ')} submissions/s; ${ceilingRounds.map((r) => r.perSecond.toFixed(0)).join(', ')} ceiling/s)`);
    console.log(`rebuild: ${rebuilt.writesPerSecond.toFixed(0)} entries/s; redis-benchmark pipelined ZADD: ${zadd.toFixed(0)}/s`);
    console.log(`  ratio ${ratio(rebuilt.writesPerSecond, zadd)} (target ≥ 0.5)`);
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
