import { gzipSync } from 'node:zlib';
import { join, relative, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { ActionRejection, actionOf, applyAction } from '@scriptbook/campaign-model';
import { campaignModelOf, GAMES, twomGame } from '@scriptbook/games';
import { gameEntries } from '../libs/client/packaging/game-entries';
import type { JsonObject } from '../libs/client/src/json';
import { rebase } from '../libs/client/src/replica/rebase';
import { FakeNetwork } from '../libs/client/src/testing/fake-network';
import { InProcessServer } from '../libs/client/src/testing/in-process-server';
import { newDevice, openTab, seededRandom } from '../libs/client/src/testing/test-device';
import { VirtualClock } from '../libs/client/src/testing/virtual-clock';

/**
 * What an app on the client SDK waits for and ships:
 * - `act` to the optimistic state on a This War of Mine campaign of 1,000
 *   versions (budget: median under 1 ms), beside its ceiling, the game's
 *   bare `applyAction` of the same action on the same state;
 * - a rebase of 500 pending actions (budget: under 50 ms), beside 500 bare
 *   `applyAction`s chained on the same state;
 * - the browser bundle, minified and gzipped: the SDK without game code,
 *   with every game's campaign model (the action code), and the default
 *   entry (every game's whole descriptor), beside `graphql-ws` and
 *   `@urql/core` bundled the same way in the same run.
 */
const ROOT = join(__dirname, '..');
const ACTS = 1_000;
const REBASE_RUNS = 21;
const ACT_BUDGET_MS = 1;
const REBASE_BUDGET_MS = 50;
const CHARACTERS = ['Emira', 'Zlata', 'Pavle', 'Katia', 'Marko', 'Bruno', 'Arica', 'Roman'];

/** 1,000 actions a table could have played: eight Characters, then days of Water, hunger and notes. */
function thousandVersions(): { name: string; args: JsonObject }[] {
  const actions: { name: string; args: JsonObject }[] = CHARACTERS.map((character) => ({ name: 'add-character', args: { character } }));
  for (let i = 0; actions.length < 1_000; i += 1) {
    const character = CHARACTERS[Math.floor(i / 6) % CHARACTERS.length];
    const step = i % 6;
    if (step === 0) actions.push({ name: 'add-resource', args: { resource: 'Water', amount: 3 } });
    if (step === 1) actions.push({ name: 'adjust-level', args: { character, level: 'hunger', by: 1 } });
    if (step === 2) actions.push({ name: 'spend-resource', args: { resource: 'Water', amount: 1 } });
    if (step === 3) actions.push({ name: 'add-note', args: { text: `Night ${i}: ${character} kept watch by the door` } });
    if (step === 4) actions.push({ name: 'adjust-level', args: { character, level: 'hunger', by: -1 } });
    if (step === 5) actions.push({ name: 'advance-day', args: {} });
  }
  return actions;
}

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const median = (values: readonly number[]) => sorted(values)[Math.floor(values.length / 2)];
const p95 = (values: readonly number[]) => sorted(values)[Math.floor(values.length * 0.95)];
const ms = (value: number) => `${value.toFixed(3)} ms`;

async function campaignOfThousandVersions() {
  const clock = new VirtualClock();
  const random = seededRandom(1);
  const server = new InProcessServer({ games: [twomGame], clock });
  const campaign = server.createCampaign(twomGame.id);
  const history = thousandVersions();
  // The 1,000 versions are made on the server by another device; the measured one reads the campaign as it stands.
  const signIn = (await server.handle('SdkSignInWithDevice', { input: { deviceId: 'b'.repeat(43) } }, undefined)) as { data: { signInWithDevice: { accessToken: string } } };
  for (let at = 0; at < history.length; at += 100) {
    const actions = history.slice(at, at + 100).map((action, i) => ({ seq: at + i + 1, ...action }));
    await server.handle('SdkPushCampaignActions', { input: { campaignId: campaign.id, clientId: 'builder-device', actions } }, `Bearer ${signIn.data.signInWithDevice.accessToken}`);
  }
  if (server.campaigns.get(campaign.id)!.version !== 1_000) throw new Error('the campaign did not reach 1,000 versions');
  const tab = await clock.drive(openTab({ games: [twomGame], clock, network: new FakeNetwork(server, clock, random), random, ...newDevice() }));
  await clock.drive(tab.client.signInWithDevice());
  const replica = await clock.drive(tab.client.campaign(campaign.id));
  // Offline, so what is measured is the device's own work, not the in-process server's.
  tab.link.online = false;
  return { clock, replica, history };
}

async function latencies(): Promise<void> {
  const { clock, replica, history } = await campaignOfThousandVersions();
  const model = campaignModelOf(twomGame.id)!;
  const addWater = actionOf(model, 'add-resource')!;
  const args = { resource: 'Water', amount: 1 };

  const actTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let i = 0; i < ACTS; i += 1) {
    // The ceiling first, on the state the act below starts from.
    const shown = replica.getSnapshot().optimistic;
    const bareStart = performance.now();
    applyAction(model.stateSchema, addWater, shown, args, { stateIsChecked: true });
    bareTimes.push(performance.now() - bareStart);

    const start = performance.now();
    void replica.act('add-resource', args);
    const after = replica.getSnapshot().optimistic as { storage: Record<string, number> };
    actTimes.push(performance.now() - start);
    if (!(after.storage.Water > 0)) throw new Error('act did not show the Water');
    if (i % 50 === 0) await clock.settle();
  }
  await clock.settle();

  const confirmed = replica.getSnapshot().confirmed.state;
  const pending = Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, ...history[(i * 7) % history.length] }));
  const rebaseTimes: number[] = [];
  const chainedTimes: number[] = [];
  for (let run = 0; run < REBASE_RUNS; run += 1) {
    const chainedStart = performance.now();
    let state = confirmed;
    for (const intent of pending) {
      try {
        state = applyAction(model.stateSchema, actionOf(model, intent.name)!, state, intent.args, { stateIsChecked: true }).state;
      } catch (error) {
        if (!(error instanceof ActionRejection)) throw error;
      }
    }
    chainedTimes.push(performance.now() - chainedStart);

    const start = performance.now();
    rebase(model, confirmed, pending);
    rebaseTimes.push(performance.now() - start);
  }

  const stateBytes = JSON.stringify(confirmed).length;
  const verdict = (value: number, budget: number) => (value < budget ? 'meets' : 'MISSES');
  console.log(`campaign: This War of Mine, ${replica.getSnapshot().confirmed.version} versions, state ${stateBytes.toLocaleString('en')} bytes`);
  console.log(
    `act to optimistic state (${ACTS} acts): median ${ms(median(actTimes))}, p95 ${ms(p95(actTimes))}; ceiling, bare applyAction: median ${ms(median(bareTimes))}, p95 ${ms(p95(bareTimes))}; ratio ${(median(actTimes) / median(bareTimes)).toFixed(1)} × (budget median < ${ACT_BUDGET_MS} ms: ${verdict(median(actTimes), ACT_BUDGET_MS)})`,
  );
  console.log(
    `rebase of 500 pending actions (${REBASE_RUNS} runs): median ${ms(median(rebaseTimes))}, fastest ${ms(sorted(rebaseTimes)[0])}; ceiling, 500 bare applyActions chained: median ${ms(median(chainedTimes))}; ratio ${(median(rebaseTimes) / median(chainedTimes)).toFixed(2)} × (budget median < ${REBASE_BUDGET_MS} ms: ${verdict(median(rebaseTimes), REBASE_BUDGET_MS)})`,
  );
}

/** Bytes of an ES module bundle of `contents` for browsers, minified, and gzipped (level 9). */
async function browserBundle(contents: string): Promise<{ minified: number; gzipped: number }> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    absWorkingDir: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  return { minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

/** Each game's campaign model (state, actions, setups: what a replica runs), from the module the package's `games/<id>` entry takes it from. */
function campaignModelImports(): string[] {
  return gameEntries().map((entry, i) => `export { ${entry.exportName} as campaignModel${i} } from './${relative(ROOT, entry.module).split(sep).join('/')}';`);
}

async function bundleSizes(): Promise<void> {
  const core = `export * from './libs/client/src/core';`;
  const rows: [string, string][] = [
    ['@scriptbook/client/core: the SDK without game code', core],
    [`the SDK with every game's action code (${gameEntries().length} campaign models, as the games/<id> entries carry them)`, [core, ...campaignModelImports()].join('\n')],
    ['@scriptbook/client: the SDK with every game\'s whole descriptor (content kinds and rules too)', `export * from './libs/client/src/index';`],
    ['graphql-ws, its client (createClient, as an app imports it)', `export { createClient } from 'graphql-ws';`],
    ['graphql-ws, all it exports (its server half brings graphql-js)', `export * from 'graphql-ws';`],
    ['@urql/core (all it exports)', `export * from '@urql/core';`],
    ['zod (the SDK\'s schemas library, all it exports)', `export * from 'zod';`],
  ];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log('browser bundles, ES modules, esbuild --minify, gzip -9 (the SDK\'s include zod and graphql-ws):');
  for (const [what, contents] of rows) {
    const size = await browserBundle(contents);
    console.log(`  ${what}: ${kb(size.minified)} minified, ${kb(size.gzipped)} gzipped`);
  }
}

async function main(): Promise<void> {
  await latencies();
  await bundleSizes();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
