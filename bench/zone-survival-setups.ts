/**
 * Zone Survival setup throughput, in process on one core:
 *   npx ts-node -r tsconfig-paths/register --transpile-only bench/zone-survival-setups.ts
 * Prints setups per second over a fixed count (bounded in time), then the
 * time to replay a log of resolutions from their seeds and inputs.
 */
import * as fs from 'fs';
import * as path from 'path';
import { isDeepStrictEqual } from 'util';
import {
  prepareSetupData,
  runZoneSurvivalSetup,
  SetupCardData,
  zsSetupContentFromItems,
  ZsContentLike,
  ZoneSurvivalSetupRequest,
} from '@scriptbook/rules-engine';

const SETUPS = Number(process.env.ZS_BENCH_SETUPS ?? 200_000);
const REPLAYS = Number(process.env.ZS_BENCH_REPLAYS ?? 10_000);
const TIME_LIMIT_MS = Number(process.env.ZS_BENCH_LIMIT_MS ?? 30_000);
const TARGET_PER_SECOND = 50_000;

const packDir = path.join(__dirname, '../libs/content/packs/stalker-zs');
const items: ZsContentLike[] = ['scenarios.json', 'cards.json'].flatMap((f) => JSON.parse(fs.readFileSync(path.join(packDir, f), 'utf8')).items);
const pack = zsSetupContentFromItems(items);

// The box holds 55 Setup and 70 Event cards; the pack prints a few, so the rest are placeholders.
const TAGS = ['This Room', 'Enviro', 'Request', 'NPC', 'Vehicle', 'Boost', 'Pipe', 'Trap', 'Side Mission', 'Ally'];
const setupDeck: SetupCardData[] = [...pack.setupDeck];
for (let i = setupDeck.length; i < 55; i++) setupDeck.push({ id: `placeholder:setup:${i}`, name: `Placeholder Setup ${i}`, tags: [TAGS[i % TAGS.length], ...(i % 3 ? [] : [TAGS[(i * 7) % TAGS.length]])].filter((t, j, a) => a.indexOf(t) === j) });
const eventDeck = [...(pack.eventDeck ?? [])];
for (let i = eventDeck.length; i < 70; i++) eventDeck.push({ id: `placeholder:event:${i}`, name: `Placeholder Event ${i}` });

const t0 = process.hrtime.bigint();
const prepared = prepareSetupData({ scenarios: pack.scenarios, setupDeck, eventDeck });
const prepareMs = Number(process.hrtime.bigint() - t0) / 1e6;

const requests: ZoneSurvivalSetupRequest[] = pack.scenarios.flatMap((s) => [1, 2, 3, 4].map((n) => ({ scenarioId: s.id, stalkerCount: n })));

for (let i = 0; i < 2_000; i++) runZoneSurvivalSetup(prepared, requests[i % requests.length], `warm-${i}`);

const start = process.hrtime.bigint();
let done = 0;
const deadline = start + BigInt(TIME_LIMIT_MS) * 1_000_000n;
for (; done < SETUPS; done++) {
  runZoneSurvivalSetup(prepared, requests[done % requests.length], `bench-${done}`);
  if ((done & 4095) === 0 && process.hrtime.bigint() > deadline) break;
}
const setupSeconds = Number(process.hrtime.bigint() - start) / 1e9;
const perSecond = done / setupSeconds;

const log = Array.from({ length: REPLAYS }, (_, i) => {
  const request = requests[i % requests.length];
  const seed = `log-${i}`;
  return { seed, request, resolution: JSON.parse(JSON.stringify(runZoneSurvivalSetup(prepared, request, seed))) };
});
const replayStart = process.hrtime.bigint();
let mismatches = 0;
for (const entry of log) {
  const again = runZoneSurvivalSetup(prepared, entry.request, entry.seed);
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(again)), entry.resolution)) mismatches++;
}
const replayMs = Number(process.hrtime.bigint() - replayStart) / 1e6;

console.log(`prepareSetupData: ${prepareMs.toFixed(2)} ms (10 Scenarios, ${setupDeck.length} Setup cards, ${eventDeck.length} Event cards)`);
console.log(`setups: ${done} in ${setupSeconds.toFixed(2)} s = ${Math.round(perSecond).toLocaleString('en')} setups/s (target ${TARGET_PER_SECOND.toLocaleString('en')})${done < SETUPS ? ' [stopped at the time limit]' : ''}`);
console.log(`replay: ${REPLAYS} logged resolutions re-run and compared in ${replayMs.toFixed(0)} ms (${(replayMs / REPLAYS * 1000).toFixed(1)} µs each), ${mismatches} mismatches`);
if (mismatches > 0 || perSecond < TARGET_PER_SECOND) process.exitCode = 1;
