import Redis from 'ioredis';
import { GATEWAY_SIGNATURE_HEADER, RunningService, signGatewayRequest, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_GATEWAY_SIGNING_SECRET, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { bossHuntVictory, CAVE, FLOODED } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { stalkerZsGame } from '@scriptbook/games';
import { scoringApp } from '../scoring.app';
import { BoardResponseCache } from './board-response-cache';
import { BoardAnswers } from './board-answers';
import { boardVersionKey } from './board-version';

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score } } }`;
const TOP = `query($first: Int) { leaderboard(first: $first) { totalCount edges { cursor node { rank score player { id } result { id score scenarioId } } } pageInfo { hasNextPage endCursor } } }`;
const AROUND = `query($radius: Int) { leaderboardAroundMe(radius: $radius) { myRank totalCount entries { rank score player { id } } } }`;
const WITH_BREAKDOWN = `{ leaderboard(first: 3) { edges { node { rank result { id breakdown { victoryPoints } } } } } }`;
const WITH_MY_RESULTS = `{ leaderboard(first: 3) { totalCount } myResults(first: 1) { edges { node { id } } } }`;
const HIDE = `mutation($id: ID!, $hidden: Boolean!) { setZoneSurvivalResultHidden(id: $id, hidden: $hidden) { id visible } }`;

type Edge = { node: { rank: number; score: number; player: { id: string } } };
const ranking = (data: any) => (data.leaderboard.edges as Edge[]).map(({ node }) => [node.rank, node.player.id, node.score]);

/**
 * Two replicas of the scoring API on one Postgres and one Redis, each with
 * its own page cache: what one writes, the other answers on the next read,
 * and what a replica gives from its cache is what it would execute.
 */
describe('the board page cache across two scoring replicas', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let writer: RunningService;
  let reader: RunningService;
  const tokens: Record<string, string> = {};
  const cacheOf = (service: RunningService): BoardResponseCache => service.app.get(BoardAnswers).cache;
  const version = () => redis.get(boardVersionKey(isolation.redisPrefix, stalkerZsGame.id));

  /** A victory scoring 20 + `extraMinus` (up to 18: a card shows at most 9 icons of a kind, and two cards are declared). */
  const submit = async (on: RunningService, player: string, extraMinus: number) => {
    const declaredCards = [
      { cardId: FLOODED, cardType: 'setup' as const, plus: 0, minus: Math.min(9, extraMinus) },
      { cardId: CAVE, cardType: 'setup' as const, plus: 0, minus: extraMinus - Math.min(9, extraMinus) },
    ];
    const response = await graphql(on.url, SUBMIT, { input: bossHuntVictory(0, { declaredCards }) }, tokens[player]);
    expect(response.errors).toBeUndefined();
    return response.data!.submitZoneSurvivalResult.result as { id: string; score: number };
  };

  /** Reads on `on`, returning the answer and which lookup outcome it counted. */
  const read = async (on: RunningService, query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const before = { ...cacheOf(on).outcomes };
    const response = await graphql(on.url, query, variables, token);
    const after = cacheOf(on).outcomes;
    const outcome = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k]);
    return { response, outcome };
  };

  beforeAll(async () => {
    writer = await startService(scoringApp, isolation.postgresEnv('scoring', { SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    reader = await startService(scoringApp, isolation.postgresEnv('scoring'));
    const issuer = writer.app.get(TokenService);
    for (const name of ['ana', 'ben', 'cy', 'dee', 'admin-zoe']) tokens[name] = issuer.issue(name).accessToken;
    await submit(writer, 'ana', 4);
    await submit(writer, 'ben', 2);
  });

  afterAll(async () => {
    await reader?.stop();
    await writer?.stop();
    redis.disconnect();
    await isolation.cleanUp();
  });

  it('gives a repeated page from the cache, equal to what was executed, kept at the version Redis holds', async () => {
    const first = await read(reader, TOP, { first: 10 });
    expect(first.response.errors).toBeUndefined();
    expect(first.outcome).toEqual(['miss']);
    expect(ranking(first.response.data)).toEqual([
      [1, 'ana', 24],
      [2, 'ben', 22],
    ]);
    const again = await read(reader, TOP, { first: 10 });
    expect(again.outcome).toEqual(['hit']);
    expect(again.response).toEqual(first.response);
    // Another page size is another answer.
    const smaller = await read(reader, TOP, { first: 1 });
    expect(smaller.outcome).toEqual(['miss']);
    expect(ranking(smaller.response.data)).toEqual([[1, 'ana', 24]]);
    expect(cacheOf(reader).size.entries).toBeGreaterThanOrEqual(2);
  });

  /** The whole HTTP answer to a body posted as the gateway posts it (signed, no `accept`), or with the headers given. */
  const post = async (on: RunningService, body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${on.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signGatewayRequest(TEST_GATEWAY_SIGNING_SECRET, body, ''), ...headers },
      body,
    });
    const head = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
    return { status: response.status, head, text: await response.text() };
  };

  it('gives a kept page ahead of Apollo with the very bytes and headers Apollo sent, and only to a request the gateway signed', async () => {
    const body = JSON.stringify({ query: TOP, variables: { first: 5 } });
    const before = { ...cacheOf(reader).outcomes };
    const executed = await post(reader, body);
    const given = await post(reader, body);
    expect(cacheOf(reader).outcomes.miss - before.miss).toBe(1);
    expect(cacheOf(reader).outcomes.hit - before.hit).toBe(1);
    expect(given).toEqual(executed);
    expect(given.head['content-type']).toBe('application/json; charset=utf-8');

    const unsigned = await fetch(`${reader.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { errors: { extensions: unknown }[] }).errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', rule: 'signed-by-gateway' });
    expect(cacheOf(reader).outcomes.hit - before.hit).toBe(1);

    // Another media type is Apollo's to negotiate: executed, with the same data.
    const negotiated = await post(reader, body, { accept: 'application/graphql-response+json' });
    expect(negotiated.head['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(JSON.parse(negotiated.text)).toEqual(JSON.parse(executed.text));
    expect(cacheOf(reader).outcomes.hit - before.hit).toBe(1);
  });

  it('gives around-me ahead of Apollo only to the player it was kept for', async () => {
    const body = JSON.stringify({ query: AROUND, variables: { radius: 2 } });
    const as = (player: string) => ({ authorization: `Bearer ${tokens[player]}` });
    const anaFirst = await post(reader, body, as('ana'));
    const hits = cacheOf(reader).outcomes.hit;
    expect(await post(reader, body, as('ana'))).toEqual(anaFirst);
    expect(cacheOf(reader).outcomes.hit).toBe(hits + 1);
    const ben = await post(reader, body, as('ben'));
    expect(cacheOf(reader).outcomes.hit).toBe(hits + 1);
    expect(JSON.parse(ben.text).data.leaderboardAroundMe.myRank).not.toBe(JSON.parse(anaFirst.text).data.leaderboardAroundMe.myRank);
    const anonymous = await post(reader, body);
    expect(JSON.parse(anonymous.text).errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(cacheOf(reader).outcomes.hit).toBe(hits + 1);
  });

  it("shows a write made on the other replica on the very next read, for everyone, and the submitter's own entry at once", async () => {
    await read(reader, TOP, { first: 10 });
    await read(writer, TOP, { first: 10 });
    expect((await read(writer, TOP, { first: 10 })).outcome).toEqual(['hit']);
    const kept = await version();
    await submit(writer, 'cy', 6);
    const moved = await version();
    expect(Number(moved)).toBeGreaterThan(Number(kept));

    const anyone = await read(reader, TOP, { first: 10 });
    expect(anyone.outcome).toEqual(['stale']);
    expect(ranking(anyone.response.data)[0]).toEqual([1, 'cy', 26]);
    const mine = await read(reader, AROUND, { radius: 1 }, tokens.cy);
    expect(mine.response.data!.leaderboardAroundMe).toMatchObject({ myRank: 1, totalCount: 3 });
    // The submitting replica, whose own cache held the page before, shows it too.
    expect(ranking((await read(writer, TOP, { first: 10 })).response.data)[0]).toEqual([1, 'cy', 26]);
    // Once read at the new version, the page is kept at it.
    expect((await read(reader, TOP, { first: 10 })).outcome).toEqual(['hit']);
  });

  it('follows every write of a run of writes on the other replica, each on the read right after it', async () => {
    await read(reader, TOP, { first: 10 });
    for (let round = 0; round < 8; round++) {
      const player = round % 2 === 0 ? 'dee' : 'ben';
      // Each a new best: 27, 28, … so each moves the top of the board.
      await submit(writer, player, 7 + round);
      const seen = await read(reader, TOP, { first: 10 });
      expect(ranking(seen.response.data)[0]).toEqual([1, player, 27 + round]);
      expect(seen.outcome).toEqual(['stale']);
    }
  });

  it('keeps around-me per player, and refuses a caller without a token as it always did', async () => {
    const ana = await read(reader, AROUND, { radius: 0 }, tokens.ana);
    expect(ana.outcome).toEqual(['miss']);
    const anaAgain = await read(reader, AROUND, { radius: 0 }, tokens.ana);
    expect(anaAgain.outcome).toEqual(['hit']);
    expect(anaAgain.response).toEqual(ana.response);
    const ben = await read(reader, AROUND, { radius: 0 }, tokens.ben);
    expect(ben.outcome).toEqual(['miss']);
    expect(ben.response.data!.leaderboardAroundMe.entries.map((e: Edge['node']) => e.player.id)).toEqual(['ben']);

    const anonymous = await read(reader, AROUND, { radius: 0 });
    expect(anonymous.outcome).toEqual([]);
    expect(anonymous.response.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const forged = await read(reader, AROUND, { radius: 0 }, `${tokens.ana}x`);
    expect(forged.outcome).toEqual([]);
    expect(forged.response.errors![0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('keeps no refusal: bad input is refused on every request, naming the field and the rule', async () => {
    const entries = cacheOf(reader).size.entries;
    for (let i = 0; i < 2; i++) {
      const refused = await read(reader, AROUND, { radius: 51 }, tokens.ana);
      expect(refused.response.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'radius', rule: 'range' });
      expect(refused.outcome).toEqual(['miss']);
    }
    expect(cacheOf(reader).size.entries).toBe(entries);
  });

  it('executes every operation that reads more than the boards: a breakdown, or another root field', async () => {
    for (const query of [WITH_BREAKDOWN, WITH_MY_RESULTS]) {
      const first = await read(reader, query, {}, tokens.ana);
      const second = await read(reader, query, {}, tokens.ana);
      expect(first.response.errors).toBeUndefined();
      expect([first.outcome, second.outcome]).toEqual([[], []]);
    }
  });

  it('drops a hidden result from the other replica at the next read', async () => {
    const before = await read(reader, TOP, { first: 10 });
    const top = (before.response.data!.leaderboard.edges as { node: { player: { id: string }; result: { id: string } } }[])[0].node;
    const hidden = await graphql(writer.url, HIDE, { id: top.result.id, hidden: true }, tokens['admin-zoe']);
    expect(hidden.errors).toBeUndefined();
    const after = await read(reader, TOP, { first: 10 });
    expect(after.outcome).toEqual(['stale']);
    expect(ranking(after.response.data).find(([, player, score]) => player === top.player.id && score === ranking(before.response.data)[0][2])).toBeUndefined();
  });

  it('gives nothing from the cache while Redis holds no version, and starts past every earlier one when it does again', async () => {
    await read(reader, TOP, { first: 10 });
    const held = await version();
    await redis.del(boardVersionKey(isolation.redisPrefix, stalkerZsGame.id));
    const bypassed = await read(reader, TOP, { first: 10 });
    expect(bypassed.outcome).toEqual(['bypass']);
    expect(bypassed.response.errors).toBeUndefined();
    await submit(writer, 'ana', 17);
    expect(Number(await version())).toBeGreaterThan(Number(held));
    const seen = await read(reader, TOP, { first: 10 });
    expect(seen.outcome).toEqual(['stale']);
    expect(ranking(seen.response.data)[0]).toEqual([1, 'ana', 37]);
  });
});
