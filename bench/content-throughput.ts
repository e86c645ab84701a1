import { runLoad, warmUp } from './lib/load';
import { startContentBehindGateway } from './lib/platform-processes';

/**
 * Requests per second for two content queries, straight to the content
 * subgraph and through the gateway, each service its own process. The figure that
 * matters is the ratio: the target is gateway ≥ 0.5 × direct.
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  const platform = await startContentBehindGateway();
  const rows: string[] = [];
  let worst = Infinity;
  try {
    for (const [name, operation] of Object.entries(OPERATIONS)) {
      const body = JSON.stringify(operation);
      const targets = { direct: platform.contentUrl, gateway: platform.gatewayUrl };
      for (const url of Object.values(targets)) await warmUp(url, body);
      const rates: Record<keyof typeof targets, number[]> = { direct: [], gateway: [] };
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const [target, url] of Object.entries(targets) as [keyof typeof targets, string][]) {
          const result = await runLoad({ url, body, requests: REQUESTS, concurrency: CONCURRENCY, timeLimitMs: TIME_LIMIT_MS });
          if (result.failed > 0) throw new Error(`${name} via ${target}: ${result.failed} of ${result.completed} requests failed`);
          rates[target].push(result.perSecond);
        }
        ratios.push(rates.gateway[round] / rates.direct[round]);
      }
      for (const target of Object.keys(targets) as (keyof typeof targets)[]) {
        rows.push(`${name.padEnd(14)} ${target.padEnd(8)} median ${median(rates[target]).toFixed(0).padStart(5)} req/s  (${rates[target].map((r) => r.toFixed(0)).join(', ')})`);
      }
      const ratio = median(ratios);
      worst = Math.min(worst, ratio);
      rows.push(
        `${name.padEnd(14)} ratio gateway/direct median ${ratio.toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≥ ${TARGET_RATIO})`,
      );
    }
  } finally {
    await platform.stop();
  }
  process.stdout.write(
    `content throughput, ${CONCURRENCY} in flight, ${ROUNDS} alternating rounds of up to ${REQUESTS} requests per side\n${rows.join('\n')}\n`,
  );
  process.stdout.write(`worst ratio ${worst.toFixed(2)}: ${worst >= TARGET_RATIO ? 'meets' : 'misses'} the target\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
