import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import Redis from 'ioredis';
import { Client } from 'pg';
import { BaseConfig, GATEWAY_SIGNATURE_HEADER, signGatewayRequest, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { dropScratchStores } from './lib/baselines';
import { LoadResult, runLoad, warmUp } from './lib/load';
import { Piece, startPiece, stopPiece } from './lib/platform-processes';

/**
 * Zone Survival results scored from the platform's record of a campaign
 * (`submitZoneSurvivalResult(fromCampaign:)`), per second through the
 * gateway, against `scenario(id)` through the same gateway at the same
 * concurrency: a read of one content item, the cheapest useful question
 * the platform answers. Beside them `{ __typename }`, the gateway's ceiling.
 * A submission crosses the gateway, scoring, a signed read of the record
 * from campaigns (which reads its Postgres), Postgres and Redis; the ratio
 * says what the record's trust costs against a plain read. The three run in
 * alternating rounds and the median round of each is printed. Every
 * submission scores its own campaign, dealt by the engine's setup and played
 * through its actions before the rounds. Not part of `npm test`.
 */
const SUBMISSIONS = Number(process.env.BENCH_CAMPAIGN_SUBMISSIONS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** What startPiece gives every process. */
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const GATEWAY_SIGNING_SECRET = 'bench-gateway-signing-secret-long-enough';
const PLAYER = 'bench-table';

const BOSS_HUNT = 'stalker-zs:scenario:boss-hunt';
/** The engine's deal of Boss Hunt for two from this seed: Abandoned Stalker Camp in the fourth Setup slot, the other three the table's. */
const SEED = 'table-2';
const THICKET = 'stalker-zs:card:setup:mysterious-thicket';
const FLOODED = 'stalker-zs:card:setup:flooded-room';
const CAVE = 'stalker-zs:card:setup:mysterious-cave';
const CAMP = 'stalker-zs:card:setup:abandoned-stalker-camp';

const schemaOf = (service: string) => `bench_campaign_scoring_${process.pid}_${service}`;
const prefix = `bench-${process.pid}`;
const token = new TokenService({ JWT_SECRET, JWT_TTL: '1h' } as BaseConfig).issue(PLAYER).accessToken;
const auth = { authorization: `Bearer ${token}` };

async function call(url: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = auth): Promise<any> {
  const body = JSON.stringify({ query, variables });
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const answer = (await response.json()) as { data?: any; errors?: unknown[] };
  if (answer.errors) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

const signedSdl = async (url: string): Promise<string> => {
  const body = JSON.stringify({ query: '{ _service { sdl } }' });
  const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(GATEWAY_SIGNING_SECRET, body) }, body });
  return ((await response.json()) as { data: { _service: { sdl: string } } }).data._service.sdl;
};

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { rejected { seq } } }`;
const PLAYED = [
  { name: 'start-scenario', args: { scenarioId: BOSS_HUNT, mapId: 'stalker-zs:map:3', stalkers: ['Ana', 'Ben'], setupCards: [THICKET, FLOODED, CAVE, CAMP] } },
  { name: 'take-request', args: { request: THICKET } },
  { name: 'fulfil-request', args: { request: THICKET } },
  ...Array.from({ length: 8 }, () => ({ name: 'advance-round', args: {} })),
  { name: 'finish-scenario', args: {} },
].map((action, i) => ({ seq: i + 1, ...action }));

/** A campaign the engine dealt and the table played to a win, ready to score. */
async function playedCampaign(gatewayUrl: string, i: number): Promise<string> {
  const { createCampaign } = await call(gatewayUrl, CREATE, { input: { gameId: 'stalker-zs', name: `Bench ${i}`, seed: SEED, zoneSurvivalSetup: { scenarioId: BOSS_HUNT, stalkerCount: 2 } } });
  const { pushCampaignActions } = await call(gatewayUrl, PUSH, { input: { campaignId: createCampaign.id, clientId: 'bench-tablet', actions: PLAYED } });
  if (pushCampaignActions.rejected.length) throw new Error(`campaign ${createCampaign.id}: actions rejected`);
  return createCampaign.id;
}

const SUBMIT = `mutation($fromCampaign: SubmitZoneSurvivalResultFromCampaignInput!) { submitZoneSurvivalResult(fromCampaign: $fromCampaign) { result { id score verification } } }`;
const submission = (campaignId: string) =>
  JSON.stringify({
    query: SUBMIT,
    variables: {
      fromCampaign: {
        campaignId,
        clientSubmissionId: `bench-${campaignId}`.slice(0, 64),
        objectiveMet: true,
        tableCardIds: ['stalker-zs:card:event:blizzard'],
        declaredCards: [FLOODED, CAVE].map((cardId) => ({ cardId, cardType: 'setup', plus: 0, minus: 0 })),
      },
    },
  });

const median = <T extends LoadResult>(rounds: readonly T[]): T => [...rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(rounds.length / 2)];

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL);
  const writer = new MembershipWriter(redis, prefix);
  await writer.finishRebuild(await writer.startRebuild());
  const pieces: Piece[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-bench-supergraph-'));
  try {
    const stores = (service: string) => ({ DATABASE_URL, DATABASE_SCHEMA: schemaOf(service), REDIS_PREFIX: prefix, REDIS_URL });
    const content = await startPiece('services/content/src/main.js', { REDIS_PREFIX: prefix });
    const campaigns = await startPiece('services/campaigns/src/main.js', stores('campaigns'));
    const scoring = await startPiece('services/scoring/src/main.js', { ...stores('scoring'), CAMPAIGNS_URL: `${campaigns.url}/graphql`, SCORING_SUBMISSIONS_PER_MINUTE: '0' });
    pieces.push(content, campaigns, scoring);
    const subgraphs = { content, campaigns, scoring };
    const services = await Promise.all(Object.entries(subgraphs).map(async ([name, piece]) => ({ name, typeDefs: parse(await signedSdl(piece.url)), url: `${piece.url}/graphql` })));
    const composed = composeServices(services);
    if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
    writeFileSync(join(dir, 'supergraph.graphql'), composed.supergraphSdl);
    const unused = 'http://127.0.0.1:9/graphql';
    const gateway = await startPiece('services/gateway/src/main.js', {
      SUPERGRAPH_PATH: join(dir, 'supergraph.graphql'),
      CONTENT_URL: `${content.url}/graphql`,
      CAMPAIGNS_URL: `${campaigns.url}/graphql`,
      SCORING_URL: `${scoring.url}/graphql`,
      ACCOUNTS_URL: unused,
      RULES_URL: unused,
      RATE_LIMIT_PER_MINUTE: '0',
      REDIS_PREFIX: prefix,
    });
    pieces.push(gateway);
    const gatewayUrl = `${gateway.url}/graphql`;

    const perRound = Math.ceil(SUBMISSIONS / ROUNDS);
    const warm = 50;
    const ids: string[] = [];
    for (let i = 0; i < warm + perRound * ROUNDS; i++) ids.push(await playedCampaign(gatewayUrl, i));
    console.log(`dealt and played ${ids.length} campaigns through the gateway`);

    const scenario = JSON.stringify({ query: `{ scenario(id: "${BOSS_HUNT}") { id name } }` });
    const typename = JSON.stringify({ query: '{ __typename }' });
    await runLoad({ url: gatewayUrl, body: (i) => submission(ids[i]), headers: auth, requests: warm, concurrency: CONCURRENCY, timeLimitMs: 20_000 });
    await warmUp(gatewayUrl, scenario, 300);
    await warmUp(gatewayUrl, typename, 300);
    const submitted: LoadResult[] = [];
    const reads: LoadResult[] = [];
    const ceiling: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const first = warm + round * perRound;
      submitted.push(await runLoad({ url: gatewayUrl, body: (i) => submission(ids[first + i]), headers: auth, requests: perRound, concurrency: CONCURRENCY, timeLimitMs: 60_000 }));
      reads.push(await runLoad({ url: gatewayUrl, body: scenario, headers: auth, requests: perRound * 3, concurrency: CONCURRENCY, timeLimitMs: 60_000 }));
      ceiling.push(await runLoad({ url: gatewayUrl, body: typename, headers: auth, requests: perRound * 3, concurrency: CONCURRENCY, timeLimitMs: 60_000 }));
    }
    const s = median(submitted);
    const r = median(reads);
    const c = median(ceiling);
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log('');
    console.log(`submissions from a campaign's record through the gateway: ${s.perSecond.toFixed(0)}/s (${s.failed} failed, p99 ${s.p99Ms.toFixed(1)} ms)`);
    console.log(`scenario(id) through the same gateway, ${CONCURRENCY} in flight: ${r.perSecond.toFixed(0)}/s (${r.failed} failed, p99 ${r.p99Ms.toFixed(1)} ms)`);
    console.log(`  ratio ${ratio(s.perSecond, r.perSecond)} (rounds: ${submitted.map((x) => x.perSecond.toFixed(0)).join(', ')} submissions/s; ${reads.map((x) => x.perSecond.toFixed(0)).join(', ')} reads/s)`);
    console.log(`gateway ceiling, { __typename }: ${c.perSecond.toFixed(0)}/s; submissions reach ${ratio(s.perSecond, c.perSecond)} of it, scenario(id) ${ratio(r.perSecond, c.perSecond)}`);
  } finally {
    for (const piece of pieces.reverse()) await stopPiece(piece);
    rmSync(dir, { recursive: true, force: true });
    await db.query(`DROP SCHEMA IF EXISTS "${schemaOf('campaigns')}" CASCADE`);
    await dropScratchStores(db, schemaOf('scoring'), redis, prefix);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
