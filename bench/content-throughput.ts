import { runLoad, warmUp } from './lib/load';
import { startContentBehindGateway } from './lib/platform-processes';

/**
 * Requests per second for two content queries, straight to the content
 * subgraph and through the gateway, each service its own process. The figure that
 * matters is the ratio: the target is gateway ≥ 0.5 × direct.
 */

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MS ?? 30_000);
const TARGET_RATIO = 0.5;

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

async function main(): Promise<void> {
  const platform = await startContentBehindGateway();
  const rows: string[] = [];
  let worst = Infinity;
  try {
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      const body = JSON.stringify(operation);
      const rates: Record<string, number> = {};
      for (const [target, url] of [
        ['direct', platform.contentUrl],
        ['gateway', platform.gatewayUrl],
      ] as const) {
        await warmUp(url, body);
        const result = await runLoad({ url, body, requests: REQUESTS, concurrency: CONCURRENCY, timeLimitMs: TIME_LIMIT_MS });
        if (result.failed > 0) throw new Error(`${name} via ${target}: ${result.failed} of ${result.completed} requests failed`);
        rates[target] = result.perSecond;
        rows.push(
          `${name.padEnd(14)} ${target.padEnd(8)} ${result.completed.toString().padStart(6)} req  ` +
            `${result.perSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms.toFixed(1)} ms  p99 ${result.p99Ms.toFixed(1)} ms`,
        );
      }
      const ratio = rates.gateway / rates.direct;
      worst = Math.min(worst, ratio);
      rows.push(`${name.padEnd(14)} ratio gateway/direct ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO})`);
    }
  } finally {
    await platform.stop();
  }
  process.stdout.write(`content throughput, ${CONCURRENCY} in flight, up to ${REQUESTS} requests per run\n${rows.join('\n')}\n`);
  process.stdout.write(`worst ratio ${worst.toFixed(2)}: ${worst >= TARGET_RATIO ? 'meets' : 'misses'} the target\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
