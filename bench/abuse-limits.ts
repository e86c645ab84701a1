import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { composeServices } from '@apollo/composition';
import { getIntrospectionQuery, parse } from 'graphql';
import Redis from 'ioredis';
import { Client } from 'pg';
import { BaseConfig, TokenService } from '@scriptbook/platform';
import { dropScratchStores } from './lib/baselines';
import { LiveSocket } from './lib/live-socket';
import { DIRECT_CALLS, Piece, startPiece, stopPiece } from './lib/platform-processes';

/**
 * The worst documents the query limits still let through, each timed
 * against `{ __typename }` in the same run, on both doors:
 *  - `/graphql`: each shape at its limit (field repeats, nested repeats and
 *    fragment spreads up to MAX_FIELD_OVERLAP, depth, aliases, directives
 *    and tokens at theirs, the widest introspection MAX_INTROSPECTION_FIELDS
 *    allows) sent one at a time, every request under an operation name of
 *    its own so the gateway's document cache never helps, as an attacker's
 *    would not. Time per request at the client, and the gateway's own CPU
 *    per request (from /proc), beside `{ __typename }` sent the same way;
 *  - `/graphql/ws` through the gateway: a subscribe of each shape timed
 *    until its first answer (the subscription's first event, or the
 *    refusal), beside `{ __typename }` sent as a subscribe, which the socket
 *    parses, validates and refuses (it carries subscriptions only): the
 *    cheapest answer a subscribe gets.
 * Rounds alternate the shapes and each ratio is the median over rounds.
 * Target: every ratio ≤ 20. The gateway and campaigns run with their
 * production limits; only the socket's message rate is lifted, so the
 * benchmark can subscribe back to back (that limit is not what is measured).
 * Not part of `npm test`.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const TARGET = 20;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';
/** The production defaults the shapes are built against (`libs/platform/src/graphql/query-limits.ts`). */
const LIMITS = { depth: 10, aliases: 15, tokens: 2_000, directives: 50, fieldOverlap: 10_000 };

const schema = `bench_abuse_${process.pid}`;
const prefix = `bench-${process.pid}`;
const tokens = new TokenService({ JWT_SECRET, JWT_TTL: '1h' } as BaseConfig);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Operation {
  readonly query: string;
  readonly operationName?: string;
  readonly variables?: Record<string, unknown>;
}
/** One shape, given a number no other request of the run uses. */
type Shape = (n: number) => Operation;

const repeat = (times: number, text: (i: number) => string) => Array.from({ length: times }, (_, i) => text(i)).join(' ');
/** The most repeats `k` of one field at one place with 1 + k² (its parent counted) within the field-overlap limit. */
const repeatsAtLimit = (others = 1) => Math.floor(Math.sqrt(LIMITS.fieldOverlap - others));

/** Ten levels, MAX_DEPTH: games, then a text's segments and the item each links to, three levels at a time, ending at a segment's text. */
const DEEPEST = 'games { segmentedTexts { segments { target { segmentedTexts { segments { target { segmentedTexts { segments { text } } } } } } } } }';

/** Introspection of the whole API, narrowing until MAX_INTROSPECTION_FIELDS lets it through: the widest such document is the one timed. */
const INTROSPECTION_CANDIDATES = [
  'types { name kind description fields { name description type { name kind ofType { name kind } } } }',
  'types { name kind description fields { name description type { name } } }',
  'types { name kind description fields { name description } }',
  'types { name kind fields { name } }',
  'types { name fields { name } }',
  'types { name kind description }',
];
let widestIntrospection = INTROSPECTION_CANDIDATES[INTROSPECTION_CANDIDATES.length - 1];

const HTTP_SHAPES: Record<string, Shape> = {
  'duplicate fields at the limit': (n) => ({ query: `query Q${n} { games { ${repeat(repeatsAtLimit(), () => 'name')} } }` }),
  'nested duplicates': (n) => ({ query: `query Q${n} { games { ${repeat(7, () => `scenarios { ${repeat(14, () => 'name')} }`)} } }` }),
  'repeated fragment spreads': (n) => ({ query: `query Q${n} { games { ${repeat(68, () => '...G')} } } fragment G on Game { id name }` }),
  'deepest allowed query': (n) => ({ query: `query Q${n} { ${DEEPEST} }` }),
  'most aliases': (n) => ({ query: `query Q${n} { ${repeat(LIMITS.aliases, (i) => `a${i}: games { id name }`)} }` }),
  'most directives': (n) => ({ query: `query Q${n} { games { ${repeat(LIMITS.directives, () => 'name @include(if: true)')} } }` }),
  'largest token count': (n) => {
    // Operations of 8 tokens each, as many as the token limit holds: every one is validated, one is run.
    const count = Math.floor(LIMITS.tokens / 8);
    return { query: repeat(count, (i) => `query Q${n}_${i} { games { id } }`), operationName: `Q${n}_0` };
  },
  'widest introspection allowed': (n) => ({ query: `query Q${n} { __schema { ${widestIntrospection} } }` }),
};

const FOLLOW = (selection: string, name: string, fragments = '') =>
  `subscription ${name}($id: ID!) { campaignChanged(campaignId: $id) { ${selection} } } ${fragments}`;

const LIVE_SHAPES: Record<string, Shape> = {
  'duplicate fields at the limit': (n) => ({ query: FOLLOW(repeat(repeatsAtLimit(), () => 'version'), `S${n}`) }),
  'repeated fragment spreads': (n) => ({ query: FOLLOW(repeat(68, () => '...V'), `S${n}`, 'fragment V on CampaignChangedEvent { version fromVersion }') }),
  'most aliases': (n) => ({ query: FOLLOW(repeat(LIMITS.aliases, (i) => `v${i}: version`), `S${n}`) }),
  'most directives': (n) => ({ query: FOLLOW(repeat(LIMITS.directives, () => 'version @include(if: true)'), `S${n}`) }),
  'largest token count': (n) => {
    // 21 tokens an operation.
    const count = Math.floor(LIMITS.tokens / 21);
    return { query: repeat(count, (i) => FOLLOW('version', `S${n}_${i}`)), operationName: `S${n}_0` };
  },
  // The live schema is small: its whole introspection fits the limit. A query, so the socket refuses it once validated.
  'widest introspection allowed': (n) => ({ query: getIntrospectionQuery().replace('query IntrospectionQuery', `query Q${n}`) }),
};

/** User and system CPU of a process so far, in milliseconds (Linux: /proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let counter = 0;

async function post(url: string, operation: Operation): Promise<{ status: number; text: string }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operation) });
  return { status: response.status, text: await response.text() };
}

/** Mean time per request at the client and the gateway's CPU per request, `REQUESTS` sent one after another. */
async function timeHttp(url: string, gatewayPid: number, shape: Shape): Promise<{ wall: number; cpu: number }> {
  const cpuBefore = cpuMs(gatewayPid);
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const answer = await post(url, shape(++counter));
    if (answer.status !== 200 || answer.text.includes('"errors"')) throw new Error(`refused or failed (${answer.status}): ${answer.text.slice(0, 300)}`);
  }
  return { wall: (performance.now() - started) / REQUESTS, cpu: (cpuMs(gatewayPid) - cpuBefore) / REQUESTS };
}

/** Mean time from a subscribe to its first answer, and the campaigns process's CPU per subscribe. */
async function timeLive(socket: LiveSocket, campaignsPid: number, shape: Shape, campaignId: string, expect: 'next' | 'error'): Promise<{ wall: number; cpu: number }> {
  const cpuBefore = cpuMs(campaignsPid);
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const operation = shape(++counter);
    const answer = await socket.first(`b${counter}`, operation.query, { id: campaignId }, operation.operationName);
    if (answer.type !== expect) throw new Error(`expected ${expect}, got ${answer.type}: ${JSON.stringify(answer.payload).slice(0, 300)}`);
  }
  return { wall: (performance.now() - started) / REQUESTS, cpu: (cpuMs(campaignsPid) - cpuBefore) / REQUESTS };
}

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const redis = new Redis(REDIS_URL);
  const pieces: Piece[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-bench-supergraph-'));
  let socket: LiveSocket | undefined;
  try {
    const base = { REDIS_PREFIX: prefix, REDIS_URL, JWT_SECRET };
    const campaigns = await startPiece('services/campaigns/src/main.js', {
      ...base,
      ...DIRECT_CALLS,
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      LIVE_MESSAGES_PER_SECOND: '0',
    });
    pieces.push(campaigns);
    const content = await startPiece('services/content/src/main.js', { ...base, ...DIRECT_CALLS });
    pieces.push(content);
    const sdl = async (piece: Piece) => ((await (await post(`${piece.url}/graphql`, { query: '{ _service { sdl } }' })).text) as string);
    const composed = composeServices(
      await Promise.all(
        [
          ['campaigns', campaigns],
          ['content', content],
        ].map(async ([name, piece]) => {
          const answer = JSON.parse(await sdl(piece as Piece)) as { data: { _service: { sdl: string } } };
          return { name: name as string, typeDefs: parse(answer.data._service.sdl), url: `${(piece as Piece).url}/graphql` };
        }),
      ),
    );
    if (composed.errors) throw new Error(composed.errors.map((e) => e.message).join('\n'));
    writeFileSync(join(dir, 'supergraph.graphql'), composed.supergraphSdl);
    const unused = 'http://127.0.0.1:9/graphql';
    const gateway = await startPiece('services/gateway/src/main.js', {
      ...base,
      SUPERGRAPH_PATH: join(dir, 'supergraph.graphql'),
      CAMPAIGNS_URL: `${campaigns.url}/graphql`,
      CONTENT_URL: `${content.url}/graphql`,
      ACCOUNTS_URL: unused,
      RULES_URL: unused,
      SCORING_URL: unused,
      RATE_LIMIT_PER_MINUTE: '0',
    });
    pieces.push(gateway);
    const url = `${gateway.url}/graphql`;
    const bearer = tokens.issue('bench-player').accessToken;
    const created = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ query: 'mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }', variables: { input: { gameId: 'twom', name: 'Bench' } } }),
    });
    const campaignId = ((await created.json()) as { data: { createCampaign: { id: string } } }).data.createCampaign.id;
    socket = await LiveSocket.open(gateway.url, bearer);
    for (const candidate of INTROSPECTION_CANDIDATES) {
      const answer = await post(url, { query: `{ __schema { ${candidate} } }` });
      if (answer.status === 200 && !answer.text.includes('"errors"')) {
        widestIntrospection = candidate;
        console.log(`widest introspection allowed: __schema { ${candidate} } (${(answer.text.length / 1024).toFixed(0)} kB of answer)`);
        break;
      }
    }

    const typename: Shape = (n) => ({ query: `query Q${n} { __typename }` });
    const liveTypename: Shape = (n) => ({ query: `query Q${n} { __typename }` });
    const plainFollow: Shape = (n) => ({ query: FOLLOW('campaignId fromVersion version', `S${n}`) });
    // Warm-up: every shape once, so the JIT has seen each code path before anything is timed.
    for (const shape of [typename, ...Object.values(HTTP_SHAPES)]) await timeHttp(url, gateway.process.pid!, shape);
    await timeLive(socket, campaigns.process.pid!, liveTypename, campaignId, 'error');
    for (const shape of [plainFollow, ...Object.entries(LIVE_SHAPES).filter(([name]) => name !== 'widest introspection allowed').map(([, s]) => s)]) {
      await timeLive(socket, campaigns.process.pid!, shape, campaignId, 'next');
    }

    const http: Record<string, { wall: number[]; cpu: number[] }> = {};
    const live: Record<string, { wall: number[] }> = {};
    const httpCeiling: { wall: number[]; cpu: number[] } = { wall: [], cpu: [] };
    const liveCeiling: number[] = [];
    const liveFollow: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await timeHttp(url, gateway.process.pid!, typename);
      httpCeiling.wall.push(bare.wall);
      httpCeiling.cpu.push(bare.cpu);
      for (const [name, shape] of Object.entries(HTTP_SHAPES)) {
        const timed = await timeHttp(url, gateway.process.pid!, shape);
        (http[name] ??= { wall: [], cpu: [] }).wall.push(timed.wall / bare.wall);
        http[name].cpu.push(timed.cpu / Math.max(bare.cpu, 0.01));
      }
      const liveBare = await timeLive(socket, campaigns.process.pid!, liveTypename, campaignId, 'error');
      liveCeiling.push(liveBare.wall);
      liveFollow.push((await timeLive(socket, campaigns.process.pid!, plainFollow, campaignId, 'next')).wall);
      for (const [name, shape] of Object.entries(LIVE_SHAPES)) {
        const expect = name === 'widest introspection allowed' ? 'error' : 'next';
        (live[name] ??= { wall: [] }).wall.push((await timeLive(socket, campaigns.process.pid!, shape, campaignId, expect)).wall / liveBare.wall);
      }
      console.log(`round ${round + 1}: { __typename } ${bare.wall.toFixed(2)} ms (gateway CPU ${bare.cpu.toFixed(2)} ms); over the socket ${liveBare.wall.toFixed(2)} ms`);
    }

    const verdict = (ratio: number) => (ratio <= TARGET ? 'meets' : 'MISSES');
    console.log('');
    console.log(`/graphql, ${REQUESTS} requests a shape a round, each under its own operation name; ratio to { __typename } (median of ${ROUNDS} rounds):`);
    console.log(`  ceiling { __typename }: ${median(httpCeiling.wall).toFixed(2)} ms a request, gateway CPU ${median(httpCeiling.cpu).toFixed(2)} ms`);
    for (const [name, figures] of Object.entries(http)) {
      const wall = median(figures.wall);
      const cpu = median(figures.cpu);
      console.log(`  ${name.padEnd(30)} time ${wall.toFixed(1).padStart(5)}×  gateway CPU ${cpu.toFixed(1).padStart(5)}×  ${verdict(Math.max(wall, cpu))} (≤ ${TARGET})`);
    }
    console.log(`/graphql/ws through the gateway, time from subscribe to first answer; ratio to { __typename } refused on the socket:`);
    console.log(`  ceiling { __typename } over the socket: ${median(liveCeiling).toFixed(2)} ms; a plain campaignChanged to its first event: ${median(liveFollow).toFixed(2)} ms`);
    for (const [name, figures] of Object.entries(live)) {
      const wall = median(figures.wall);
      console.log(`  ${name.padEnd(30)} time ${wall.toFixed(1).padStart(5)}×  ${verdict(wall)} (≤ ${TARGET})`);
    }
    console.log('  nested duplicates and the deepest query: none on the socket, whose one event type holds only scalars');
  } finally {
    socket?.close();
    for (const piece of pieces.reverse()) await stopPiece(piece);
    rmSync(dir, { recursive: true, force: true });
    await dropScratchStores(db, schema, redis, prefix);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
