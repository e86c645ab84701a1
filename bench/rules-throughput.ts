import { BoundProcedures, gameContentLibrary } from '@scriptbook/game-host';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { Random } from '@scriptbook/rules-engine';
import { ZsContent } from '@scriptbook/games/stalker-zs/rules';
import { runLoad, warmUp } from './lib/load';
import { DIRECT_CALLS, Piece, startPiece, stopPiece } from './lib/platform-processes';

/**
 * Zone Survival setups, measured two ways in one run, each against the
 * baseline it must keep up with:
 *  - served: setups per second through the rules subgraph (HTTP, its own
 *    process, the path clients use) against the content subgraph's
 *    `scenario(id)` rate on the same machine; target ≥ 0.8;
 *  - in process: the engine's setup against a bare shuffle-and-draw of the
 *    same Setup deck written here (seeded generator, shuffle, take 4, no
 *    rules, no transcript); target ≥ 0.25.
 * Served runs alternate rules and content over several rounds and report the
 * median ratio, as the content benchmark does: the machine's rate drifts.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TIME_LIMIT_MS = Number(process.env.BENCH_TIME_LIMIT_MS ?? 30_000);
const IN_PROCESS_SETUPS = Number(process.env.BENCH_SETUPS ?? 50_000);
const SERVED_TARGET = 0.8;
const IN_PROCESS_TARGET = 0.25;
const SETUP_CARDS = 4;
const SCENARIO_ID = 'stalker-zs:scenario:elimination';
const SETUP_ID = 'stalker-zs.setup';

const SETUP_QUERY = JSON.stringify({
  query: `query { zoneSurvivalSetup(input: { scenarioId: "${SCENARIO_ID}", stalkerCount: 2 }) {
    seed result { setupCards { slot card { id } } } transcript { text } } }`,
});
const SCENARIO_QUERY = JSON.stringify({
  query: `query Scenario($id: ID!) { scenario(id: $id) { id name gameId summary setupSteps { order title lines } victoryConditions defeatConditions } }`,
  variables: { id: SCENARIO_ID },
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function perSecond(count: number, body: (i: number) => unknown): number {
  for (let i = 0; i < 2_000; i++) body(i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) body(i);
  return count / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** The engine, on the content the game host binds as every service does, against the least any setup must do: seed a generator, shuffle the deck, take the cards. */
function inProcess(): { engine: number; bare: number } {
  const bound = new BoundProcedures(RELEASE_CATALOG, gameContentLibrary());
  const deck = (bound.contentOf(SETUP_ID) as ZsContent).setupDeck.entries;
  let sink = 0;
  const bare = perSecond(IN_PROCESS_SETUPS, (i) => {
    const drawn = Random.fromSeed(`bench-${i}`).shuffle(deck).slice(0, SETUP_CARDS);
    sink += drawn.length;
  });
  const engine = perSecond(IN_PROCESS_SETUPS, (i) => bound.run(SETUP_ID, { scenarioId: SCENARIO_ID, stalkerCount: 1 + (i % 4) }, { seed: `bench-${i}` }));
  if (sink === 0) throw new Error('the baseline drew nothing');
  return { engine, bare };
}

async function served(): Promise<{ rules: number[]; content: number[]; ratios: number[] }> {
  const pieces: Piece[] = [];
  try {
    const rules = await startPiece('services/rules/src/main.js', DIRECT_CALLS);
    pieces.push(rules);
    const content = await startPiece('services/content/src/main.js', DIRECT_CALLS);
    pieces.push(content);
    const targets = { rules: [`${rules.url}/graphql`, SETUP_QUERY], content: [`${content.url}/graphql`, SCENARIO_QUERY] } as const;
    for (const [url, body] of Object.values(targets)) await warmUp(url, body);
    const rates = { rules: [] as number[], content: [] as number[], ratios: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of ['rules', 'content'] as const) {
        const [url, body] = targets[name];
        const result = await runLoad({ url, body, requests: REQUESTS, concurrency: CONCURRENCY, timeLimitMs: TIME_LIMIT_MS });
        if (result.failed > 0) throw new Error(`${name}: ${result.failed} of ${result.completed} requests failed`);
        rates[name].push(result.perSecond);
      }
      rates.ratios.push(rates.rules[round] / rates.content[round]);
    }
    return rates;
  } finally {
    for (const piece of pieces.reverse()) await stopPiece(piece);
  }
}

async function main(): Promise<void> {
  const local = inProcess();
  const remote = await served();
  const servedRatio = median(remote.ratios);
  const localRatio = local.engine / local.bare;
  const verdict = (ratio: number, target: number) => `${ratio.toFixed(2)} (target ≥ ${target}: ${ratio >= target ? 'meets' : 'misses'})`;
  process.stdout.write(
    `Zone Survival setups, ${CONCURRENCY} in flight, ${ROUNDS} alternating rounds of up to ${REQUESTS} requests\n` +
      `  rules subgraph zoneSurvivalSetup   median ${median(remote.rules).toFixed(0).padStart(7)} /s  (${remote.rules.map((r) => r.toFixed(0)).join(', ')})\n` +
      `  content subgraph scenario(id)      median ${median(remote.content).toFixed(0).padStart(7)} /s  (${remote.content.map((r) => r.toFixed(0)).join(', ')})\n` +
      `  ratio served/content               ${verdict(servedRatio, SERVED_TARGET)}\n` +
      `  engine in process                  ${local.engine.toFixed(0).padStart(14)} /s\n` +
      `  bare shuffle-and-draw              ${local.bare.toFixed(0).padStart(14)} /s\n` +
      `  ratio engine/bare                  ${verdict(localRatio, IN_PROCESS_TARGET)}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
