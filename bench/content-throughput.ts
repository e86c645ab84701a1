import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { runLoad, warmUp } from './lib/load';
import { startContentBehindGateway } from './lib/platform-processes';

/**
 * Requests per second for two content queries, straight to the content
 * subgraph, through the gateway by POST (never cached), and through the
 * gateway by GET (content-only, so answered from the gateway's Redis
 * cache after the first), each service its own process. The figures that
 * matter are the ratios: gateway ≥ 0.5 × direct, cached GET ≥ 1.0 × direct.
 *
 * Direct and gateway runs alternate for several rounds and the median ratio
 * is reported: on a shared machine the rate drifts by a third from one
 * second to the next, and alternating makes both sides see the same drift.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MS ?? 30_000);
const TARGET_RATIO = 0.5;
const CACHED_TARGET_RATIO = 1.0;

const OPERATIONS: Record<string, { query: string; variables: Record<string, unknown> }> = {
  'scenario(id)': {
    query: `query Scenario($id: ID!) { scenario(id: $id) { id name gameId summary
      setupSteps { order title lines } victoryConditions defeatConditions
      ... on ZsScenario { number funds enemies { byStalkerCount { stalkers groups { count teamTokens } } } } } }`,
    variables: { id: 'stalker-zs:scenario:elimination' },
  },
  searchContent: {
    query: `query Search($q: String!) { searchContent(query: $q, first: 10) {
      score field item { id kind name } snippet { marked } } }`,
    variables: { q: 'fire' },
  },
};

/** The GET a cache-friendly client sends: the operation in the query string, with the preflight header Apollo asks for. */
function getPath(operation: { query: string; variables: Record<string, unknown> }): string {
  return `/graphql?${new URLSearchParams({ query: operation.query, variables: JSON.stringify(operation.variables) })}`;
}

/** Like `runLoad`, for GETs; kept here because only this benchmark sends them. */
async function runGetLoad(base: string, path: string, requests: number, concurrency: number): Promise<{ perSecond: number; failed: number }> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let issued = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + TIME_LIMIT_MS;
  const once = () =>
    new Promise<void>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path, agent, headers: { 'apollo-require-preflight': 'true' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode !== 200 || Buffer.concat(chunks).toString('utf8').includes('"errors":')) failed++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (issued < requests && performance.now() < deadline) {
      issued++;
      await once();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { perSecond: issued / ((performance.now() - started) / 1000), failed };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  const platform = await startContentBehindGateway();
  const rows: string[] = [];
  let worst = Infinity;
  let worstCached = Infinity;
  try {
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      const body = JSON.stringify(operation);
      const targets = { direct: platform.contentUrl, gateway: platform.gatewayUrl };
      for (const url of Object.values(targets)) await warmUp(url, body);
      const path = getPath(operation);
      await runGetLoad(platform.gatewayUrl, path, 50, 1);
      const rates: Record<keyof typeof targets, number[]> = { direct: [], gateway: [] };
      const ratios: number[] = [];
      const cachedRates: number[] = [];
      const cachedRatios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const cached = await runGetLoad(platform.gatewayUrl, path, REQUESTS, CONCURRENCY);
        if (cached.failed > 0) throw new Error(`${name} via cached GET: ${cached.failed} requests failed`);
        cachedRates.push(cached.perSecond);
        for (const [target, url] of Object.entries(targets) as [keyof typeof targets, string][]) {
          const result = await runLoad({ url, body, requests: REQUESTS, concurrency: CONCURRENCY, timeLimitMs: TIME_LIMIT_MS });
          if (result.failed > 0) throw new Error(`${name} via ${target}: ${result.failed} of ${result.completed} requests failed`);
          rates[target].push(result.perSecond);
        }
        ratios.push(rates.gateway[round] / rates.direct[round]);
        cachedRatios.push(cachedRates[round] / rates.direct[round]);
      }
      for (const target of Object.keys(targets) as (keyof typeof targets)[]) {
        rows.push(`${name.padEnd(14)} ${target.padEnd(8)} median ${median(rates[target]).toFixed(0).padStart(5)} req/s  (${rates[target].map((r) => r.toFixed(0)).join(', ')})`);
      }
      rows.push(`${name.padEnd(14)} ${'cached'.padEnd(8)} median ${median(cachedRates).toFixed(0).padStart(5)} req/s  (${cachedRates.map((r) => r.toFixed(0)).join(', ')})`);
      const ratio = median(ratios);
      worst = Math.min(worst, ratio);
      const cachedRatio = median(cachedRatios);
      worstCached = Math.min(worstCached, cachedRatio);
      rows.push(
        `${name.padEnd(14)} ratio gateway/direct median ${ratio.toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≥ ${TARGET_RATIO})`,
        `${name.padEnd(14)} ratio cached GET/direct median ${cachedRatio.toFixed(2)} (rounds: ${cachedRatios.map((r) => r.toFixed(2)).join(', ')}; target ≥ ${CACHED_TARGET_RATIO})`,
      );
    }
  } finally {
    await platform.stop();
  }
  process.stdout.write(
    `content throughput, ${CONCURRENCY} in flight, ${ROUNDS} alternating rounds of up to ${REQUESTS} requests per side\n${rows.join('\n')}\n`,
  );
  process.stdout.write(`worst ratio ${worst.toFixed(2)}: ${worst >= TARGET_RATIO ? 'meets' : 'misses'} the target\n`);
  process.stdout.write(`worst cached ratio ${worstCached.toFixed(2)}: ${worstCached >= CACHED_TARGET_RATIO ? 'meets' : 'misses'} the target\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
