import * as fs from 'fs';
import * as path from 'path';
import { bindZsContent, ContentItemLike, runProcedure, zoneSurvivalSetupProcedure } from '@scriptbook/rules-engine';
import { runLoad, warmUp } from './lib/load';
import { DIRECT_CALLS, startPiece, stopPiece } from './lib/platform-processes';

/**
 * Zone Survival setups per second, in process and through the rules
 * subgraph (its own process, as deployed), measured in the same run. The
 * ratio says what GraphQL, HTTP and content mapping cost on top of the rules.
 */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const packDir = path.join(__dirname, '../libs/content/packs/stalker-zs');
const items: ContentItemLike[] = ['scenarios.json', 'cards.json', 'rules.json'].flatMap(
  (file) => JSON.parse(fs.readFileSync(path.join(packDir, file), 'utf8')).items,
);

function inProcessRate(count: number): number {
  // The same content the subgraph binds at start.
  const content = bindZsContent(items);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    runProcedure(zoneSurvivalSetupProcedure, { scenarioId: 'stalker-zs:scenario:elimination', stalkerCount: 1 + (i % 4) }, { seed: `bench-${i}` }, content);
  }
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
}

async function main(): Promise<void> {
  const inProcess = inProcessRate(50_000);
  const rules = await startPiece('services/rules/src/main.js', DIRECT_CALLS);
  try {
    const body = JSON.stringify({
      query: `query { zoneSurvivalSetup(input: { scenarioId: "stalker-zs:scenario:elimination", stalkerCount: 2 }) {
        seed result { setupCards { slot card { id } } } transcript { text } } }`,
    });
    const url = `${rules.url}/graphql`;
    await warmUp(url, body);
    const result = await runLoad({ url, body, requests: REQUESTS, concurrency: CONCURRENCY, timeLimitMs: 30_000 });
    if (result.failed > 0) throw new Error(`${result.failed} of ${result.completed} requests failed`);
    process.stdout.write(
      `Zone Survival setups per second\n` +
        `  in process         ${inProcess.toFixed(0).padStart(8)}\n` +
        `  via rules subgraph ${result.perSecond.toFixed(0).padStart(8)}  (p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms)\n` +
        `  ratio subgraph/in-process ${(result.perSecond / inProcess).toFixed(4)}\n`,
    );
  } finally {
    await stopPiece(rules);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
