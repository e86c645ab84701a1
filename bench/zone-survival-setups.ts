/**
 * Zone Survival setup throughput, in process on one core:
 *   npx ts-node -r tsconfig-paths/register --transpile-only bench/zone-survival-setups.ts
 * Prints the one-time bind, setups per second over a fixed count (bounded in
 * time), then the time to replay a log of resolutions from their seeds and inputs.
 */
import * as fs from 'fs';
import * as path from 'path';
import { isDeepStrictEqual } from 'util';
import { ContentItemLike, runProcedure } from '@scriptbook/rules-engine';
import { bindZsContent, zoneSurvivalSetupProcedure } from '@scriptbook/games/stalker-zs/rules';

const SETUPS = Number(process.env.ZS_BENCH_SETUPS ?? 200_000);
const REPLAYS = Number(process.env.ZS_BENCH_REPLAYS ?? 10_000);
const TIME_LIMIT_MS = Number(process.env.ZS_BENCH_LIMIT_MS ?? 30_000);
const TARGET_PER_SECOND = 50_000;

const packDir = path.join(__dirname, '../libs/content/packs/stalker-zs');
const items: ContentItemLike[] = ['scenarios.json', 'cards.json', 'rules.json'].flatMap((f) => JSON.parse(fs.readFileSync(path.join(packDir, f), 'utf8')).items);

const t0 = process.hrtime.bigint();
const content = bindZsContent(items);
const bindMs = Number(process.hrtime.bigint() - t0) / 1e6;

const requests = [...content.scenarios.keys()].flatMap((scenarioId) => [1, 2, 3, 4].map((stalkerCount) => ({ scenarioId, stalkerCount })));
const setup = (request: (typeof requests)[number], seed: string) => runProcedure(zoneSurvivalSetupProcedure, request, { seed }, content);

for (let i = 0; i < 2_000; i++) setup(requests[i % requests.length], `warm-${i}`);

const start = process.hrtime.bigint();
let done = 0;
const deadline = start + BigInt(TIME_LIMIT_MS) * 1_000_000n;
for (; done < SETUPS; done++) {
  setup(requests[done % requests.length], `bench-${done}`);
  if ((done & 4095) === 0 && process.hrtime.bigint() > deadline) break;
}
const setupSeconds = Number(process.hrtime.bigint() - start) / 1e9;
const perSecond = done / setupSeconds;

const log = Array.from({ length: REPLAYS }, (_, i) => {
  const request = requests[i % requests.length];
  const seed = `log-${i}`;
  return { seed, request, resolution: JSON.parse(JSON.stringify(setup(request, seed))) };
});
const replayStart = process.hrtime.bigint();
let mismatches = 0;
for (const entry of log) {
  const again = setup(entry.request, entry.seed);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(again)), entry.resolution)) mismatches++;
}
const replayMs = Number(process.hrtime.bigint() - replayStart) / 1e6;

console.log(`bind: ${bindMs.toFixed(2)} ms (${content.scenarios.size} Scenarios, a ${content.setupDeck.size}-card Setup deck of which the pack holds ${content.setupDeck.held.length})`);
console.log(`setups: ${done} in ${setupSeconds.toFixed(2)} s = ${Math.round(perSecond).toLocaleString('en')} setups/s (target ${TARGET_PER_SECOND.toLocaleString('en')})${done < SETUPS ? ' [stopped at the time limit]' : ''}`);
console.log(`replay: ${REPLAYS} logged resolutions re-run and compared in ${replayMs.toFixed(0)} ms (${(replayMs / REPLAYS * 1000).toFixed(1)} µs each), ${mismatches} mismatches`);
if (mismatches > 0 || perSecond < TARGET_PER_SECOND) process.exitCode = 1;
