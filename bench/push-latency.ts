import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Redis from 'ioredis';
import { Client } from 'pg';
import { BaseConfig, TokenService } from '@scriptbook/platform';
import { dropScratchStores } from './lib/baselines';
import { LiveSocket } from './lib/live-socket';
import { cpuMs, post, runLoad, warmUp } from './lib/load';
import { createPushingDevices, expectEveryPushApplied, PushingDevice, singleActionPush } from './lib/pushing-devices';
import { composeSupergraph, DIRECT_CALLS, Piece, startGatewayOver, startPiece, stopPiece } from './lib/platform-processes';

/**
 * Latency a table feels, through the gateway, with two campaigns replicas:
 *  - single-action pushes per second (closed loop, CONCURRENCY devices)
 *    against `scenario(id)` through the same gateway at the same
 *    concurrency; target ≥ 0.5;
 *  - then pushes sent open loop at half that rate, each device acting on its
 *    own campaign: the acknowledgement's p50 and p99, timed from when the
 *    push was due (a push that had to wait for its device's previous one
 *    counts the wait); target p99 < 25 ms;
 *  - the time from a push's acknowledgement to the `campaignChanged` event
 *    on another device's socket, opened through a second gateway whose
 *    campaigns replica is not the one that took the push, so the
 *    announcement crosses Redis; target p99 < 50 ms.
 * Beside them the gateway's `{ __typename }`, its ceiling. Every push must
 * be acknowledged at the version its device expects and announced once;
 * otherwise the run fails. For the capacity model (docs/capacity.md) it
 * also prints, over the open loop, each process's CPU per push, Postgres's
 * WAL bytes, commits and rows per push and the size of a change row, the
 * connections each kind of process holds to Postgres and Redis, and the
 * memory a followed campaign's socket takes. Not part of `npm test`.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DEVICES = Number(process.env.BENCH_LATENCY_DEVICES ?? 32);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_LOOP_SECONDS ?? 20);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const SCENARIO = 'stalker-zs:scenario:boss-hunt';
const CHANGED = 'subscription($id: ID!) { campaignChanged(campaignId: $id) { campaignId version } }';

const schema = `bench_latency_${process.pid}`;
const prefix = `bench-${process.pid}`;
const tokens = new TokenService({ JWT_SECRET, JWT_TTL: '1h' } as BaseConfig);
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Device extends PushingDevice {
  /** The end of the device's last push: the next waits for it, as a device's outbox does. */
  previous: Promise<void>;
  /** When the push that made each version was acknowledged, and when another device heard of it. */
  readonly ackedAt: Map<number, number>;
  readonly heardAt: Map<number, number>;
}

interface PostgresCounters {
  readonly walBytes: number;
  readonly commits: number;
  readonly inserted: number;
  readonly updated: number;
}

/** The database's WAL position and its statistics counters (pg_stat_database lags by up to its flush interval, hence the pause before the second read). */
async function postgresCounters(db: Client): Promise<PostgresCounters> {
  const { rows } = await db.query(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint AS wal, xact_commit, tup_inserted, tup_updated FROM pg_stat_database WHERE datname = current_database()`,
  );
  return { walBytes: Number(rows[0].wal), commits: Number(rows[0].xact_commit), inserted: Number(rows[0].tup_inserted), updated: Number(rows[0].tup_updated) };
}

/** Established connections to Postgres (5432) and Redis (6379) per process id, from `ss`. */
function connectionsByPid(): Map<number, { postgres: number; redis: number }> {
  const out = execFileSync('ss', ['-tnpH', 'state', 'established', '( dport = :5432 or dport = :6379 )'], { encoding: 'utf8' });
  const counts = new Map<number, { postgres: number; redis: number }>();
  for (const line of out.split('\n')) {
    const pid = /pid=(\d+)/.exec(line)?.[1];
    if (!pid) continue;
    const entry = counts.get(Number(pid)) ?? { postgres: 0, redis: 0 };
    if (/:5432\s/.test(line)) entry.postgres += 1;
    else entry.redis += 1;
    counts.set(Number(pid), entry);
  }
  return counts;
}

/** A process's resident memory in bytes (Linux). */
function rssBytes(pid: number | undefined): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? NaN) * 1024;
}

/** Closed loop: CONCURRENCY devices each pushing one action at a time for ROUND_SECONDS; answers are not parsed on the way, versions are checked after. */
async function pushThroughput(url: string, bearer: string, devices: Device[]): Promise<number> {
  const pushing = devices.slice(0, CONCURRENCY);
  const started = performance.now();
  const loads = await Promise.all(
    pushing.map((device) => runLoad({ url, body: () => singleActionPush(device), headers: { authorization: `Bearer ${bearer}` }, requests: Number.MAX_SAFE_INTEGER, concurrency: 1, timeLimitMs: ROUND_SECONDS * 1000 })),
  );
  const seconds = (performance.now() - started) / 1000;
  if (loads.some((load) => load.failed > 0)) throw new Error('pushes failed in the throughput round');
  await expectEveryPushApplied(url, bearer, pushing);
  return loads.reduce((sum, load) => sum + load.completed, 0) / seconds;
}

/**
 * Open loop at `rate` pushes per second over all devices in turn. Each
 * push's latency runs from when it was due, so a slow answer delays the
 * device's next push without hiding the delay.
 */
async function openLoop(url: string, bearer: string, devices: Device[], rate: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: DEVICES });
  const target = new URL(url);
  const latencies: number[] = [];
  const total = Math.floor(rate * OPEN_LOOP_SECONDS);
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await pause(wait);
    const device = devices[n % devices.length];
    device.previous = device.previous.then(async () => {
      const answer = await post(target, singleActionPush(device), agent, { authorization: `Bearer ${bearer}` });
      const ackedAt = performance.now();
      const pushed = JSON.parse(answer.text) as { data?: { pushCampaignActions: { version: number } }; errors?: unknown };
      if (!pushed.data) throw new Error(`a push failed: ${answer.text}`);
      latencies.push(ackedAt - due);
      device.ackedAt.set(pushed.data.pushCampaignActions.version, ackedAt);
    });
  }
  await Promise.all(devices.map((device) => device.previous));
  agent.destroy();
  return latencies;
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL);
  const pieces: Piece[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-bench-supergraph-'));
  const sockets: LiveSocket[] = [];
  try {
    const base = { REDIS_PREFIX: prefix, REDIS_URL, JWT_SECRET };
    const stores = { DATABASE_URL, DATABASE_SCHEMA: schema };
    const pushedTo = await startPiece('services/campaigns/src/main.js', { ...base, ...DIRECT_CALLS, ...stores });
    pieces.push(pushedTo);
    const followedOn = await startPiece('services/campaigns/src/main.js', { ...base, ...DIRECT_CALLS, ...stores });
    pieces.push(followedOn);
    pieces.push(await startPiece('services/campaigns/src/worker.js', { ...base, ...stores }));
    const content = await startPiece('services/content/src/main.js', { ...base, ...DIRECT_CALLS });
    pieces.push(content);
    const supergraph = await composeSupergraph(dir, { campaigns: pushedTo, content });
    const gatewayOver = (campaigns: Piece) => startGatewayOver(supergraph, { campaigns, content }, base);
    const pushGateway = await gatewayOver(pushedTo);
    pieces.push(pushGateway);
    const followGateway = await gatewayOver(followedOn);
    pieces.push(followGateway);
    const url = `${pushGateway.url}/graphql`;
    const bearer = tokens.issue('bench-player').accessToken;

    const devices: Device[] = (await createPushingDevices(url, bearer, DEVICES, 'Latency')).map((device) => ({
      ...device,
      previous: Promise.resolve(),
      ackedAt: new Map(),
      heardAt: new Map(),
    }));

    const scenario = JSON.stringify({ query: `{ scenario(id: "${SCENARIO}") { id name } }` });
    const typename = JSON.stringify({ query: '{ __typename }' });
    await warmUp(url, scenario, 500);
    await pushThroughput(url, bearer, devices);
    const pushRates: number[] = [];
    const scenarioRates: number[] = [];
    const ceilings: number[] = [];
    for (let round = 0; round < 3; round++) {
      pushRates.push(await pushThroughput(url, bearer, devices));
      scenarioRates.push((await runLoad({ url, body: scenario, requests: Number.MAX_SAFE_INTEGER, concurrency: CONCURRENCY, timeLimitMs: ROUND_SECONDS * 1000 })).perSecond);
      ceilings.push((await runLoad({ url, body: typename, requests: Number.MAX_SAFE_INTEGER, concurrency: CONCURRENCY, timeLimitMs: ROUND_SECONDS * 1000 })).perSecond);
    }
    const median = (values: number[]) => percentile(values, 0.5);
    const ratios = pushRates.map((rate, i) => rate / scenarioRates[i]);

    // Each device's campaign followed through the other gateway, so on the other replica.
    const rssBefore = [rssBytes(followedOn.process.pid), rssBytes(followGateway.process.pid)];
    for (const [d, device] of devices.entries()) {
      const socket = await LiveSocket.open(followGateway.url, bearer);
      sockets.push(socket);
      socket.follow(String(d), CHANGED, { id: device.campaignId }, (payload, arrivedAt) => {
        const { version } = (payload as { data: { campaignChanged: { version: number } } }).data.campaignChanged;
        if (device.heardAt.has(version)) throw new Error(`version ${version} of ${device.campaignId} announced twice`);
        device.heardAt.set(version, arrivedAt);
      });
    }
    await pause(500);
    const rssPerSocket = [rssBytes(followedOn.process.pid) - rssBefore[0], rssBytes(followGateway.process.pid) - rssBefore[1]].map((bytes) => bytes / DEVICES / 1024);
    const halfRate = median(pushRates) / 2;
    const processes = { 'gateway taking the push': pushGateway, 'campaigns replica taking the push': pushedTo, 'campaigns replica announcing it': followedOn, 'gateway carrying the socket': followGateway };
    const cpuBefore = Object.fromEntries(Object.entries(processes).map(([kind, piece]) => [kind, cpuMs(piece.process.pid)]));
    const postgresBefore = await postgresCounters(db);
    const acks = await openLoop(url, bearer, devices, halfRate);
    await pause(1_000);
    const postgresAfter = await postgresCounters(db);
    const connections = connectionsByPid();
    const worker = pieces.find((piece) => piece !== pushedTo && piece !== followedOn && piece !== content && piece !== pushGateway && piece !== followGateway)!;
    const connectionLine = Object.entries({ ...processes, 'campaigns worker': worker, content })
      .map(([kind, piece]) => {
        const held = connections.get(piece.process.pid ?? -1) ?? { postgres: 0, redis: 0 };
        return `${kind} ${held.postgres} to Postgres, ${held.redis} to Redis`;
      })
      .join('; ');
    const cpuPerPush = Object.entries(processes).map(([kind, piece]) => `${kind} ${((cpuMs(piece.process.pid) - cpuBefore[kind]) / acks.length).toFixed(2)} ms`);
    const rowBytes = await db.query(
      `SELECT avg(pg_column_size(c.*))::int AS change, (SELECT avg(pg_column_size(k.*))::int FROM "${schema}".campaigns k) AS campaign FROM "${schema}".campaign_changes c`,
    );
    const announcements: number[] = [];
    for (const device of devices) {
      for (const [version, ackedAt] of device.ackedAt) {
        const heardAt = device.heardAt.get(version);
        if (heardAt === undefined) throw new Error(`version ${version} of ${device.campaignId} was acknowledged but never announced on the other replica`);
        announcements.push(heardAt - ackedAt);
      }
    }

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`single-action pushes through the gateway, ${CONCURRENCY} devices: ${median(pushRates).toFixed(0)}/s (rounds ${pushRates.map((r) => r.toFixed(0)).join(', ')})`);
    console.log(`scenario(id) through the same gateway, ${CONCURRENCY} in flight: ${median(scenarioRates).toFixed(0)}/s; { __typename }, the gateway's ceiling: ${median(ceilings).toFixed(0)}/s`);
    console.log(`  pushes / scenario(id): ${median(ratios).toFixed(2)} (target ≥ 0.5); pushes reach ${(median(pushRates) / median(ceilings)).toFixed(2)} of the ceiling`);
    console.log(`open loop at ${halfRate.toFixed(0)} pushes/s over ${DEVICES} devices for ${OPEN_LOOP_SECONDS} s (${acks.length} pushes):`);
    console.log(
      `  acknowledgement p50 ${ms(percentile(acks, 0.5))}, p90 ${ms(percentile(acks, 0.9))}, p99 ${ms(percentile(acks, 0.99))} (target p99 < 25 ms), ` +
        `slowest ${ms(percentile(acks, 1))}; ${acks.filter((value) => value > 25).length} of ${acks.length} over 25 ms`,
    );
    console.log(
      `  acknowledgement to the announcement on the other replica's socket: p50 ${ms(percentile(announcements, 0.5))}, p99 ${ms(percentile(announcements, 0.99))} (target p99 < 50 ms; ` +
        `earliest ${ms(percentile(announcements, 0))}: an announcement can beat the acknowledgement's answer to its own device)`,
    );
    const per = (counter: keyof PostgresCounters) => ((postgresAfter[counter] - postgresBefore[counter]) / acks.length).toFixed(counter === 'walBytes' ? 0 : 2);
    console.log(`per push during the open loop: CPU ${cpuPerPush.join(', ')}`);
    console.log(
      `  Postgres (the whole database, so anything else running counts too): ${per('walBytes')} WAL bytes, ${per('commits')} commits, ` +
        `${per('inserted')} rows inserted, ${per('updated')} updated; a change row is ${rowBytes.rows[0].change} bytes, a campaign row ${rowBytes.rows[0].campaign}`,
    );
    console.log(`connections held after the open loop: ${connectionLine}`);
    console.log(`memory per followed campaign (one socket each, ${DEVICES} opened): ${rssPerSocket[0].toFixed(0)} KB on the campaigns replica, ${rssPerSocket[1].toFixed(0)} KB on the gateway carrying it (resident memory before and after)`);
  } finally {
    for (const socket of sockets) socket.close();
    for (const piece of pieces.reverse()) await stopPiece(piece);
    rmSync(dir, { recursive: true, force: true });
    await dropScratchStores(db, schema, redis, prefix);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
