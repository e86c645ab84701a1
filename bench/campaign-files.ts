import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Redis from 'ioredis';
import { Client } from 'pg';
import { readCampaignFile, replayCampaignFile } from '@scriptbook/campaign-model/files';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { startService, TokenService } from '@scriptbook/platform';
import { campaignsApp } from '../services/campaigns/src/campaigns.app';
import { gatewayApp } from '../services/gateway/src/gateway.app';
import { CampaignStore } from '../services/campaigns/src/store/campaign-store';
import { dropScratchStores } from './lib/baselines';

/**
 * Campaign files of a campaign of BENCH_FILE_ACTIONS actions (100,000 by
 * default), each figure in actions per second against the same campaign's
 * own push throughput measured in this run, with the process's peak RSS
 * during each phase (VmHWM, reset before each phase through
 * /proc/self/clear_refs):
 *  - push: the campaign's actions through the subgraph's /graphql in
 *    pushes of 100 from one device (the baseline);
 *  - export: `GET /campaigns/<id>/export` through the gateway, as a
 *    member's app downloads it, written to a file as it arrives; its
 *    ceiling beside it is reading the log's pages alone, as the export
 *    does, writing nothing;
 *  - import: `POST /campaigns/import` through the gateway, the file sent
 *    from disk as it is read, the path clients use for a file this size:
 *    read, upcast, replayed through the game's model and stored as a new
 *    campaign as it arrives; its ceiling beside it is the replay alone,
 *    storing nothing.
 * The gateway and the subgraph run in this process, so one RSS covers the
 * server's side of every phase (and the download's reader and the
 * upload's sender). Both get HTTP_REQUEST_TIMEOUT_MS of BENCH_REQUEST_TIMEOUT_MS
 * (10 minutes by default): the upload is read as fast as it is imported, and
 * 100,000 actions can take longer than the 30 s default on a loaded machine.
 * Postgres from BENCH_DATABASE_URL. Not part of `npm test`.
 */
const ACTIONS = Number(process.env.BENCH_FILE_ACTIONS ?? 100_000);
const PUSH_BATCH = 100;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const REQUEST_TIMEOUT_MS = process.env.BENCH_REQUEST_TIMEOUT_MS ?? '600000';
const SIGNING_SECRET = 'bench-gateway-signing-secret-long-enough';
const schema = `bench_files_${process.pid}`;
const prefix = `bench-files-${process.pid}`;

const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq rule } } }`;

/** A table's evening, over and over: resources in and out, a Character's Hunger up and down; every action applies. */
function actionAt(i: number): { name: string; args: Record<string, unknown> } {
  if (i === 0) return { name: 'add-character', args: { character: 'Emira' } };
  const cycle = [
    { name: 'add-resource', args: { resource: 'Wood', amount: 2 } },
    { name: 'spend-resource', args: { resource: 'Wood', amount: 1 } },
    { name: 'adjust-level', args: { character: 'Emira', level: 'hunger', by: 1 } },
    { name: 'adjust-level', args: { character: 'Emira', level: 'hunger', by: -1 } },
  ];
  return cycle[(i - 1) % cycle.length];
}

const kB = (line: string | undefined) => Number(/(\d+)\s*kB/.exec(line ?? '')?.[1] ?? NaN);
function status(field: 'VmHWM' | 'VmRSS'): number {
  return kB(readFileSync('/proc/self/status', 'utf8').split('\n').find((line) => line.startsWith(`${field}:`))) / 1024;
}
// A phase's peak starts from the memory still in use after a full collection, not from the garbage the phase before left.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Starts a phase's peak from the memory in use now. */
function resetPeak(): void {
  collectGarbage();
  writeFileSync('/proc/self/clear_refs', '5');
}
const mb = (n: number) => `${n.toFixed(0)} MB`;

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL);
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-bench-files-'));
  const service = await startService(campaignsApp, {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET,
    GATEWAY_SIGNING_SECRET: SIGNING_SECRET,
    HTTP_REQUEST_TIMEOUT_MS: REQUEST_TIMEOUT_MS,
  });
  // Only the file routes are measured through it; /graphql's other subgraphs are not started.
  const gateway = await startService(gatewayApp, {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET,
    GATEWAY_SIGNING_SECRET: SIGNING_SECRET,
    HTTP_REQUEST_TIMEOUT_MS: REQUEST_TIMEOUT_MS,
    RATE_LIMIT_PER_MINUTE: '0',
    CAMPAIGNS_URL: `${service.url}/graphql`,
  });
  try {
    const bearer = service.app.get(TokenService).issue('bench-player').accessToken;
    const call = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${service.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: any; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    };
    const campaignId = (await call(`mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`, { input: { gameId: 'twom', name: 'Bench files' } })).createCampaign.id;
    console.log(`${ACTIONS} actions, pushes of ${PUSH_BATCH}, one device; RSS after start ${mb(status('VmRSS'))}`);

    resetPeak();
    let started = performance.now();
    for (let seq = 1; seq <= ACTIONS; seq += PUSH_BATCH) {
      const actions = Array.from({ length: Math.min(PUSH_BATCH, ACTIONS - seq + 1) }, (_, k) => ({ seq: seq + k, ...actionAt(seq + k - 1) }));
      const { pushCampaignActions } = await call(PUSH, { input: { campaignId, clientId: 'bench-device-1', actions } });
      if (pushCampaignActions.rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(pushCampaignActions.rejected)}`);
    }
    const pushRate = ACTIONS / ((performance.now() - started) / 1000);
    const pushPeak = status('VmHWM');

    resetPeak();
    const before = status('VmRSS');
    const path = join(dir, 'campaign.json');
    started = performance.now();
    const response = await fetch(`${gateway.url}/campaigns/${campaignId}/export`, { headers: { authorization: `Bearer ${bearer}` } });
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    const out = createWriteStream(path);
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) if (!out.write(chunk)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    const exportRate = ACTIONS / ((performance.now() - started) / 1000);
    const exportPeak = status('VmHWM');

    const store = service.app.get(CampaignStore);
    started = performance.now();
    for (let after = 0; after < ACTIONS; ) after = (await store.changesAfter(campaignId, after, 500)).at(-1)!.version;
    const pagesRate = ACTIONS / ((performance.now() - started) / 1000);

    resetPeak();
    const beforeImport = status('VmRSS');
    started = performance.now();
    const answer = await upload(`${gateway.url}/campaigns/import?group=personal-bench-player`, path, bearer);
    const importRate = ACTIONS / ((performance.now() - started) / 1000);
    const importPeak = status('VmHWM');
    const imported = (await call(`query($id: ID!) { campaign(id: $id) { version } }`, { id: answer.campaignId })).campaign.version;
    if (imported !== ACTIONS) throw new Error(`the imported campaign is at version ${imported}`);

    started = performance.now();
    const { file } = readCampaignFile(JSON.parse(readFileSync(path, 'utf8')));
    replayCampaignFile(RELEASE_CATALOG.campaignModelOf('twom')!, file);
    const replayRate = ACTIONS / ((performance.now() - started) / 1000);

    console.log(`push through /graphql: ${pushRate.toFixed(0)} actions/s (peak RSS ${mb(pushPeak)})`);
    console.log(
      `export, GET /campaigns/<id>/export through the gateway: ${exportRate.toFixed(0)} actions/s, ratio to push ${(exportRate / pushRate).toFixed(2)}; ` +
        `ceiling, the log's pages read alone: ${pagesRate.toFixed(0)} actions/s (${(pagesRate / pushRate).toFixed(2)})`,
    );
    console.log(`  file ${(statSync(path).size / 1e6).toFixed(1)} MB; peak RSS ${mb(exportPeak)}, ${mb(exportPeak - before)} above the ${mb(before)} in use before`);
    console.log(
      `import, POST /campaigns/import through the gateway (read + replay + store as it arrives): ${importRate.toFixed(0)} actions/s, ratio to push ${(importRate / pushRate).toFixed(2)}; ` +
        `ceiling, the replay alone: ${replayRate.toFixed(0)} actions/s (${(replayRate / pushRate).toFixed(2)})`,
    );
    console.log(`  peak RSS ${mb(importPeak)}, ${mb(importPeak - beforeImport)} above the ${mb(beforeImport)} in use before (the body's ${(statSync(path).size / 1e6).toFixed(1)} MB are held as bytes; the parsed file, its replay and its rows never whole)`);
  } finally {
    await gateway.stop();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
    await dropScratchStores(db, schema, redis, prefix);
  }
}

/** Sends the file at `path` as the upload's body, read from disk as the socket takes it, and returns the answer. */
function upload(url: string, path: string, bearer: string): Promise<{ campaignId: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(statSync(path).size), authorization: `Bearer ${bearer}` } });
    sent.on('error', reject);
    sent.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (answer.statusCode !== 201) reject(new Error(`import answered ${answer.statusCode}: ${body.slice(0, 500)}`));
        else resolve(JSON.parse(body));
      });
    });
    createReadStream(path).pipe(sent);
  });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
