import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { BaseConfig, TokenService } from '@scriptbook/platform';
import { startScaledOutPlatform } from '../scripts/scaled-out/scaled-out-platform';
import { runLoad, warmUp } from './lib/load';
import { createPushingDevices, expectEveryPushApplied, PushingDevice, singleActionPush } from './lib/pushing-devices';

/**
 * The scaled-out shape's throughput, on the path its clients use: HAProxy
 * in front of two gateways, HAProxy in front of each subgraph's two
 * replicas, PgBouncer in transaction mode before Postgres, a Redis Cluster
 * of three masters with a replica each (`npm run start:scaled-out`).
 * Closed loop, CONCURRENCY devices each pushing one action at a time to a
 * campaign of its own, in rounds against:
 *  - the same pushes sent to one gateway directly, past the front HAProxy:
 *    what that hop costs;
 *  - `scenario(id)` through the front, the read the single shape's ratio
 *    is taken against (bench/push-latency.ts);
 *  - `{ __typename }` through the front and at one gateway directly: the
 *    ceiling, the gateway's bare answer with and without the front hop.
 * Over the pushes through the front it prints the CPU per push of every
 * kind of process (both replicas together), HAProxy, PgBouncer, the Redis
 * nodes and Postgres included, for docs/capacity.md. Every push must be
 * applied at the version its device expects. Not part of `npm test`.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const ROUNDS = 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const SCENARIO = 'stalker-zs:scenario:boss-hunt';
const ROOT = resolve(__dirname, '..');

const name = `bench_scaled_${process.pid}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What kind of process a pid is, from its command line: a platform piece by its entrypoint, or a server by its name. */
function kindOf(pid: string): string | null {
  let cmdline: string;
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
  const piece = /dist\/services\/([a-z]+)\/src\/(main|worker)\.js/.exec(cmdline);
  if (piece) return piece[2] === 'worker' ? `${piece[1]} worker` : piece[1];
  for (const server of ['haproxy', 'pgbouncer', 'redis-server', 'postgres']) if (cmdline.startsWith(server) || cmdline.includes(`/${server} `)) return server;
  return null;
}

/** CPU time used so far by every process of each kind, in ms (Linux, /proc). */
function cpuByKind(): Map<string, number> {
  const totals = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    const kind = kindOf(pid);
    if (!kind) continue;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      totals.set(kind, (totals.get(kind) ?? 0) + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
    } catch {
      // it exited meanwhile
    }
  }
  return totals;
}

/** CONCURRENCY devices, one push at a time each, for ROUND_SECONDS: pushes per second. */
async function pushRound(url: string, bearer: string, devices: PushingDevice[]): Promise<{ rate: number; completed: number }> {
  const started = performance.now();
  const loads = await Promise.all(
    devices.map((device) => runLoad({ url, body: () => singleActionPush(device), headers: { authorization: `Bearer ${bearer}` }, requests: Number.MAX_SAFE_INTEGER, concurrency: 1, timeLimitMs: ROUND_SECONDS * 1000 })),
  );
  if (loads.some((load) => load.failed > 0)) throw new Error(`pushes failed through ${url}`);
  const completed = loads.reduce((sum, load) => sum + load.completed, 0);
  return { rate: completed / ((performance.now() - started) / 1000), completed };
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist', 'services', 'gateway', 'src', 'main.js'))) throw new Error('run `npm run build` first: benchmarks run the built services');
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const platform = await startScaledOutPlatform({
    databaseUrl: DATABASE_URL,
    name,
    jwtSecret: JWT_SECRET,
    gatewaySigningSecret: 'bench-gateway-signing-secret-long-enough',
    env: { RATE_LIMIT_PER_MINUTE: '0' },
  });
  try {
    const front = `${platform.url}/graphql`;
    const oneGateway = `${platform.replicas.get('gateway')![0].url}/graphql`;
    const bearer = new TokenService({ JWT_SECRET, JWT_TTL: '1h' } as BaseConfig).issue('bench-player').accessToken;
    const devices = await createPushingDevices(front, bearer, CONCURRENCY, 'Scaled');
    const scenario = JSON.stringify({ query: `{ scenario(id: "${SCENARIO}") { id name } }` });
    const typename = JSON.stringify({ query: '{ __typename }' });
    await warmUp(front, scenario, 500);
    await pushRound(front, bearer, devices);
    await pushRound(oneGateway, bearer, devices);

    const rates = { front: [] as number[], oneGateway: [] as number[], scenario: [] as number[], ceiling: [] as number[], ceilingOneGateway: [] as number[] };
    const cpu = new Map<string, number>();
    let pushesMeasured = 0;
    const closedLoop = (url: string, body: string) => runLoad({ url, body, requests: Number.MAX_SAFE_INTEGER, concurrency: CONCURRENCY, timeLimitMs: ROUND_SECONDS * 1000 });
    for (let round = 0; round < ROUNDS; round++) {
      const before = cpuByKind();
      const pushes = await pushRound(front, bearer, devices);
      for (const [kind, ms] of cpuByKind()) cpu.set(kind, (cpu.get(kind) ?? 0) + ms - (before.get(kind) ?? ms));
      pushesMeasured += pushes.completed;
      rates.front.push(pushes.rate);
      rates.oneGateway.push((await pushRound(oneGateway, bearer, devices)).rate);
      rates.scenario.push((await closedLoop(front, scenario)).perSecond);
      rates.ceiling.push((await closedLoop(front, typename)).perSecond);
      rates.ceilingOneGateway.push((await closedLoop(oneGateway, typename)).perSecond);
    }
    await expectEveryPushApplied(front, bearer, devices);

    const perSecond = (values: number[]) => `${median(values).toFixed(0)}/s`;
    console.log(`scaled-out shape (2 gateways, 2 replicas of each subgraph and worker, HAProxy, PgBouncer, Redis Cluster 3+3), ${CONCURRENCY} devices, median of ${ROUNDS} rounds:`);
    console.log(`  single-action pushes through the front HAProxy: ${perSecond(rates.front)} (rounds ${rates.front.map((r) => r.toFixed(0)).join(', ')})`);
    console.log(`  the same pushes at one gateway, past the front: ${perSecond(rates.oneGateway)}; through the front they reach ${(median(rates.front) / median(rates.oneGateway)).toFixed(2)} of that`);
    console.log(`  scenario(id) through the front: ${perSecond(rates.scenario)}; pushes / scenario(id): ${(median(rates.front) / median(rates.scenario)).toFixed(2)}`);
    console.log(
      `  { __typename }, the ceiling: ${perSecond(rates.ceiling)} through the front, ${perSecond(rates.ceilingOneGateway)} at one gateway ` +
        `(the front hop keeps ${(median(rates.ceiling) / median(rates.ceilingOneGateway)).toFixed(2)} of it); pushes reach ${(median(rates.front) / median(rates.ceiling)).toFixed(2)} of the ceiling`,
    );
    const order = ['haproxy', 'gateway', 'campaigns', 'campaigns worker', 'pgbouncer', 'postgres', 'redis-server'];
    const kinds = [...cpu.keys()].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
    const perPush = kinds.map((kind) => `${kind} ${(cpu.get(kind)! / pushesMeasured).toFixed(2)} ms`);
    const total = [...cpu.values()].reduce((sum, ms) => sum + ms, 0) / pushesMeasured;
    console.log(`  CPU per push through the front, every process of a kind together (Postgres counts anything else on the database too): ${perPush.join(', ')}; ${total.toFixed(2)} ms in all`);
  } finally {
    await platform.stop();
    for (const service of ['accounts', 'campaigns', 'scoring']) await db.query(`DROP SCHEMA IF EXISTS "${name}_${service}" CASCADE`);
    await db.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
