import { execFileSync } from 'node:child_process';
import { cpuMs, LoadOptions, LoadResult, runLoad } from './load';

/**
 * Board pages at the scoring subgraph, one request at a time, in alternating
 * rounds beside the subgraph's `{ __typename }` floor:
 *  - the top 100 as every client asks for it (the page cache answers all but the first);
 *  - the top 100 with the boards changed before every read, so each one is
 *    executed (each request carries a variable of its own, which the
 *    operation ignores and the cache's key does not);
 *  - around a player, the same player refreshing (answered from the cache);
 *  - around a player, a different player every request (each one executed);
 *  - the top 100 through the gateway, the path clients take.
 * Then what the page cache holds and the subgraph's heap and memory outside
 * it, from the subgraph's /metrics.
 */
export interface BoardPagesOptions {
  readonly graphqlUrl: string;
  /** The gateway's /graphql in front of the subgraph: the top 100 is also measured there, as clients reach it. */
  readonly gatewayUrl: string;
  readonly metricsUrl: string;
  readonly pid: number | undefined;
  /** Results on the board: players `bench-player-1` to `bench-player-<results>`. */
  readonly results: number;
  readonly requests: number;
  readonly rounds: number;
  /** The gateway's signature headers for a body. */
  readonly signed: (body: string) => Record<string, string>;
  readonly tokenOf: (playerId: string) => string;
}

type Measured = LoadResult & { cpuMsPerRequest: number };

async function measured(pid: number | undefined, options: LoadOptions): Promise<Measured> {
  const before = cpuMs(pid);
  const result = await runLoad(options);
  return { ...result, cpuMsPerRequest: (cpuMs(pid) - before) / Math.max(1, result.completed) };
}

/** The round with the median p99. */
function medianP99(rounds: readonly Measured[]): Measured {
  return [...rounds].sort((a, b) => a.p99Ms - b.p99Ms)[Math.floor(rounds.length / 2)];
}

async function metric(metricsUrl: string, name: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : NaN;
}

async function lookups(metricsUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const out: Record<string, number> = {};
  for (const match of text.matchAll(/^scoring_board_cache_lookups_total\{[^}]*outcome="(\w+)"[^}]*\} (\d+)/gm)) out[match[1]] = Number(match[2]);
  return out;
}

export async function measureBoardPages(options: BoardPagesOptions): Promise<void> {
  const { graphqlUrl: url, pid, signed, tokenOf } = options;
  const topQuery = '{ leaderboard(first: 100) { totalCount edges { node { rank score player { id } result { id } } } } }';
  const top = JSON.stringify({ query: topQuery });
  const topEachExecuted = (i: number) => JSON.stringify({ query: topQuery, variables: { round: i } });
  const around = JSON.stringify({ query: '{ leaderboardAroundMe(radius: 10) { myRank entries { rank score player { id } result { id } } } }' });
  const floor = JSON.stringify({ query: '{ __typename }' });
  const middle = { authorization: `Bearer ${tokenOf(`bench-player-${Math.floor(options.results / 2)}`)}` };
  // Players spread over the board, tokens made before the clock starts.
  const spread = Array.from({ length: 997 }, (_, k) => `Bearer ${tokenOf(`bench-player-${1 + ((k * 7919 + 13) % options.results)}`)}`);
  const perRequest = { requests: Math.ceil(options.requests / options.rounds), concurrency: 1, timeLimitMs: 30_000 };

  const warm = await runLoad({ url, body: top, headers: signed(top), requests: 200, concurrency: 1, timeLimitMs: 20_000 });
  if (warm.failed > 0) throw new Error(`${warm.failed} of 200 warm-up pages failed`);
  const kinds = {
    top: [] as Measured[],
    topExecuted: [] as Measured[],
    aroundCached: [] as Measured[],
    aroundExecuted: [] as Measured[],
    floor: [] as Measured[],
    topViaGateway: [] as Measured[],
  };
  let variable = 0;
  // Rounds alternate the kinds, so a stretch of load from elsewhere on the machine falls on all of them; each is reported from its round with the median p99.
  for (let round = 0; round < options.rounds; round++) {
    kinds.top.push(await measured(pid, { url, body: top, headers: signed(top), ...perRequest }));
    const first = variable;
    kinds.topExecuted.push(await measured(pid, { url, body: (i) => topEachExecuted(first + i), headers: (_i, body) => signed(body), ...perRequest }));
    variable += perRequest.requests;
    kinds.aroundCached.push(await measured(pid, { url, body: around, headers: { ...middle, ...signed(around) }, ...perRequest }));
    kinds.aroundExecuted.push(await measured(pid, { url, body: around, headers: (i) => ({ authorization: spread[i % spread.length], ...signed(around) }), ...perRequest }));
    kinds.floor.push(await measured(pid, { url, body: floor, headers: signed(floor), ...perRequest }));
    kinds.topViaGateway.push(await measured(pid, { url: options.gatewayUrl, body: top, ...perRequest }));
  }
  const entries = await metric(options.metricsUrl, 'scoring_board_cache_entries');
  const jsonBytes = await metric(options.metricsUrl, 'scoring_board_cache_json_bytes');
  const outcomes = await lookups(options.metricsUrl);
  const page = await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...signed(top) }, body: top })).text();
  const heapUsed = await metric(options.metricsUrl, 'nodejs_heap_size_used_bytes');
  const external = await metric(options.metricsUrl, 'nodejs_external_memory_bytes');

  const line = (label: string, rounds: Measured[]) => {
    const run = medianP99(rounds);
    const floorRun = medianP99(kinds.floor);
    console.log(
      `${label}: p50 ${run.p50Ms.toFixed(2)} ms, p99 ${run.p99Ms.toFixed(2)} ms (ceiling p99 5 ms; ${run.failed} failed); ` +
        `p99 ${(run.p99Ms / floorRun.p99Ms).toFixed(2)}× the floor's; subgraph CPU ${run.cpuMsPerRequest.toFixed(2)} ms a page; p99 by round ${rounds.map((r) => r.p99Ms.toFixed(1)).join(', ')}`,
    );
  };
  console.log(`load average while measuring pages: ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);
  line(`top 100 at ${options.results} results, page cache answering`, kinds.top);
  line(`top 100, executed every request (as after each board change)`, kinds.topExecuted);
  line('around a player (radius 10), the same player again (page cache answering)', kinds.aroundCached);
  line('around a player (radius 10), a different player every request (executed)', kinds.aroundExecuted);
  line('top 100 through the gateway (page cache answering at the subgraph)', kinds.topViaGateway);
  const floorRun = medianP99(kinds.floor);
  console.log(`  the subgraph's floor, { __typename } one at a time: p50 ${floorRun.p50Ms.toFixed(2)} ms, p99 ${floorRun.p99Ms.toFixed(2)} ms; subgraph CPU ${floorRun.cpuMsPerRequest.toFixed(2)} ms a request`);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `page cache: ${entries} answers, ${mb(jsonBytes)} MB of JSON bodies held outside the heap (budget SCORING_BOARD_CACHE_MB, 32 by default); ` +
      `a kept top-100 page is ${(page.length / 1024).toFixed(1)} KB; the subgraph's heap in use ${mb(heapUsed)} MB, its memory outside the heap ${mb(external)} MB; ` +
      `lookups ${Object.entries(outcomes).map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
}
