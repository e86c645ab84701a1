import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, timeOrderedId, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { bossHuntVictory } from '@scriptbook/games/stalker-zs/testing/zs-submissions';
import { BoardOutboxEntity, ResultEntity } from '../results/result.entity';
import { scoringApp, scoringWorkerApp } from '../scoring.app';
import { stalkerZsGame } from '@scriptbook/games';
import { gameBoardsPrefix } from './board-keys';
import { nextReset } from './board-periods';

const SUBMIT = `mutation($input: SubmitZoneSurvivalResultInput!) { submitZoneSurvivalResult(input: $input) { result { id score } } }`;
const BOARD = `query($board: LeaderboardBoardInput, $period: LeaderboardPeriod, $verifiedOnly: Boolean, $first: Int, $after: String) {
  leaderboard(board: $board, period: $period, verifiedOnly: $verifiedOnly, first: $first, after: $after) {
    totalCount nextResetAt periodStartsAt
    edges { cursor node { rank score player { id } result { id score verified } } }
    pageInfo { hasNextPage hasPreviousPage endCursor }
  }
}`;
const AROUND = `query($radius: Int, $board: LeaderboardBoardInput) { leaderboardAroundMe(radius: $radius, board: $board) { myRank totalCount entries { rank score player { id } } } }`;
const GROUP = `query($groupId: ID!) { groupLeaderboard(groupId: $groupId) { totalCount edges { node { rank score player { id } } } } }`;
const REBUILD = `mutation { requestZoneSurvivalBoardsRebuild { id kind state progress } }`;
const HIDE = `mutation($id: ID!, $hidden: Boolean!) { setZoneSurvivalResultHidden(id: $id, hidden: $hidden) { id visible } }`;
const RESCORE = `mutation { requestZoneSurvivalRescore { id kind state } }`;
const ROLLOVER = `mutation { requestZoneSurvivalSeasonRollover { id kind state } }`;
const JOB = `query($id: ID!) { job(id: $id) { id state progress } }`;

type Row = { rank: number; score: number; player: { id: string } };
const ranking = (edges: { node: Row }[]) => edges.map(({ node }) => [node.rank, node.player.id, node.score]);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe('Zone Survival boards on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let worker: RunningService | undefined;
  const tokens: Record<string, string> = {};
  const submit = async (player: string, extraMinus: number, overrides = {}) => {
    const response = await graphql(api.url, SUBMIT, { input: bossHuntVictory(extraMinus, overrides) }, tokens[player]);
    expect(response.errors).toBeUndefined();
    return response.data!.submitZoneSurvivalResult.result as { id: string; score: number };
  };

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring', { SCORING_ADMIN_PLAYER_IDS: 'admin-zoe' }));
    const issuer = api.app.get(TokenService);
    for (const name of ['ana', 'ben', 'cy', 'dee', 'eve', 'fay', 'admin-zoe']) tokens[name] = issuer.issue(name).accessToken;
    // Ben's first 25 stands against his later 22; Cy ties Ana's 24 later, so Ana ranks above him.
    await submit('ana', 4);
    await submit('ben', 5);
    await submit('cy', 4);
    await submit('ben', 2);
    await submit('dee', 1);
    await submit('eve', 0, { mapId: 'stalker-zs:map:4', stalkerCount: 1, stalkers: ['Eve'] });
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    redis.disconnect();
    await isolation.cleanUp();
  });

  const boards = () => gameBoardsPrefix(isolation.redisPrefix, stalkerZsGame.id);

  /** Every key of the live generation, by its name within the generation, with what it holds. */
  async function liveGeneration(): Promise<Record<string, unknown>> {
    const gen = (await redis.get(`${boards()}live-gen`)) ?? '0';
    const base = `${boards()}${gen}:`;
    const held: Record<string, unknown> = {};
    for (const key of (await redis.keys(`${base}*`)).sort()) {
      held[key.slice(base.length)] = (await redis.type(key)) === 'zset' ? await redis.zrange(key, 0, -1, 'WITHSCORES') : await redis.hgetall(key);
    }
    return held;
  }

  it('shows each entry\'s result from what Redis holds beside the boards, and its breakdown from Postgres when asked', async () => {
    const response = await graphql(
      api.url,
      `{ leaderboard(first: 2) { edges { node { rank result { id player { id } scenarioId mapId stalkerCount roundsPlayed victory score verified visible challengeId recordedAt breakdown { victoryPoints minusIcons plusIcons } } } } } }`,
    );
    expect(response.errors).toBeUndefined();
    const [first, second] = response.data!.leaderboard.edges.map((e: { node: unknown }) => e.node);
    const mine = await graphql(api.url, `{ myResults { edges { node { id scenarioId mapId stalkerCount roundsPlayed score verified challengeId recordedAt breakdown { victoryPoints minusIcons plusIcons } } } } }`, {}, tokens.ben);
    expect(mine.errors).toBeUndefined();
    const bens = mine.data!.myResults.edges.map((e: { node: { score: number } }) => e.node);
    expect(first).toEqual({ rank: 1, result: { ...bens.find((r: { score: number }) => r.score === 25), player: { id: 'ben' }, victory: true, visible: true } });
    expect(first.result.breakdown).toMatchObject({ victoryPoints: 20, minusIcons: expect.any(Number) });
    expect(second.result).toMatchObject({ player: { id: 'ana' }, score: 24, breakdown: { victoryPoints: 20 } });
  });

  it('ranks each player once by their best score, the earlier result first on a tie, and pages by cursor', async () => {
    const top = await graphql(api.url, BOARD, { first: 3 });
    expect(top.errors).toBeUndefined();
    const board = top.data!.leaderboard;
    expect(ranking(board.edges)).toEqual([
      [1, 'ben', 25],
      [2, 'ana', 24],
      [3, 'cy', 24],
    ]);
    expect(board.totalCount).toBe(5);
    expect(board.edges[0].node.result).toMatchObject({ score: 25, verified: false });
    expect(board.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const rest = await graphql(api.url, BOARD, { first: 3, after: board.pageInfo.endCursor });
    expect(ranking(rest.data!.leaderboard.edges)).toEqual([
      [4, 'dee', 21],
      [5, 'eve', 20],
    ]);
    expect(rest.data!.leaderboard.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it('narrows by map, Stalker count and Scenario, and serves the week and the season with their next reset', async () => {
    const map4 = await graphql(api.url, BOARD, { board: { mapId: 'stalker-zs:map:4' } });
    expect(ranking(map4.data!.leaderboard.edges)).toEqual([[1, 'eve', 20]]);
    const twoStalkers = await graphql(api.url, BOARD, { board: { scenarioId: 'stalker-zs:scenario:boss-hunt', stalkerCount: 2 } });
    expect(twoStalkers.data!.leaderboard.totalCount).toBe(4);
    const otherScenario = await graphql(api.url, BOARD, { board: { scenarioId: 'stalker-zs:scenario:escape' } });
    expect(otherScenario.data!.leaderboard.totalCount).toBe(0);
    for (const period of ['WEEK', 'SEASON'] as const) {
      const response = await graphql(api.url, BOARD, { period, first: 1 });
      expect(ranking(response.data!.leaderboard.edges)).toEqual([[1, 'ben', 25]]);
      expect(new Date(response.data!.leaderboard.nextResetAt).getTime()).toBe(nextReset(period, new Date())!.getTime());
    }
    const allTime = await graphql(api.url, BOARD, {});
    expect(allTime.data!.leaderboard).toMatchObject({ nextResetAt: null, periodStartsAt: null });
  });

  it('refuses a board key that names nothing', async () => {
    for (const [board, field, rule] of [
      [{ scenarioId: 'stalker-zs:scenario:picnic' }, 'board.scenarioId', 'unknown'],
      [{ mapId: 'stalker-zs:map:0' }, 'board.mapId', 'unknown'],
      [{ stalkerCount: 5 }, 'board.stalkerCount', 'range'],
    ] as const) {
      const response = await graphql(api.url, BOARD, { board });
      expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field, rule });
    }
    expect((await graphql(api.url, BOARD, { first: 0 })).errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'first', rule: 'range' });
  });

  it('shows the entries around the caller, clipped at both ends of the board', async () => {
    const middle = await graphql(api.url, AROUND, { radius: 1 }, tokens.cy);
    expect(middle.data!.leaderboardAroundMe.myRank).toBe(3);
    expect(middle.data!.leaderboardAroundMe.entries.map((e: Row) => e.player.id)).toEqual(['ana', 'cy', 'dee']);
    const top = await graphql(api.url, AROUND, { radius: 2 }, tokens.ben);
    expect(top.data!.leaderboardAroundMe.entries.map((e: Row) => e.rank)).toEqual([1, 2, 3]);
    const bottom = await graphql(api.url, AROUND, { radius: 2 }, tokens.eve);
    expect(bottom.data!.leaderboardAroundMe.entries.map((e: Row) => e.rank)).toEqual([3, 4, 5]);
    const absent = await graphql(api.url, AROUND, { radius: 2 }, tokens.fay);
    expect(absent.data!.leaderboardAroundMe).toEqual({ myRank: null, totalCount: 5, entries: [] });
    expect((await graphql(api.url, AROUND, { radius: 51 }, tokens.cy)).errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'radius', rule: 'range' });
    expect((await graphql(api.url, AROUND, { radius: 1 })).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('ranks a group\'s members among themselves, for members only', async () => {
    await new MembershipWriter(redis, isolation.redisPrefix).write({
      groupId: 'friday-table',
      version: 1,
      members: [
        { playerId: 'cy', role: 'OWNER' },
        { playerId: 'eve', role: 'MEMBER' },
        { playerId: 'fay', role: 'MEMBER' },
      ],
    });
    const member = await graphql(api.url, GROUP, { groupId: 'friday-table' }, tokens.fay);
    expect(member.errors).toBeUndefined();
    expect(ranking(member.data!.groupLeaderboard.edges)).toEqual([
      [1, 'cy', 24],
      [2, 'eve', 20],
    ]);
    const stranger = await graphql(api.url, GROUP, { groupId: 'friday-table' }, tokens.ana);
    expect(stranger.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
    expect(stranger.data).toEqual({ groupLeaderboard: null });
    const anonymous = await graphql(api.url, GROUP, { groupId: 'friday-table' });
    expect(anonymous.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    const personal = await graphql(api.url, GROUP, { groupId: 'personal-ben' }, tokens.ben);
    expect(ranking(personal.data!.groupLeaderboard.edges)).toEqual([[1, 'ben', 25]]);
  });

  it('repairs a result whose board entries never reached Redis: the worker drains the outbox', async () => {
    // What a crash between the commit and the Redis write leaves: the result and its outbox row, no entries.
    const data = api.app.get(DataSource);
    const recordedAt = new Date(Date.now() - 60_000);
    const id = timeOrderedId(recordedAt.getTime());
    await data.transaction(async (manager) => {
      await manager.getRepository(ResultEntity).insert({
        id,
        gameId: stalkerZsGame.id,
        playerId: 'fay',
        clientSubmissionId: 'crashed-before-redis',
        inputHash: 'x'.repeat(64),
        gameFields: JSON.stringify({ scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'stalker-zs:map:3', stalkerCount: 2, roundsPlayed: 7 }),
        victory: true,
        score: 30,
        verified: true,
        input: '{}',
        breakdown: null,
        challengeId: null,
        scoreVersion: 'test',
        hiddenAt: null,
        createdAt: recordedAt,
      });
      await manager.getRepository(BoardOutboxEntity).insert({ resultId: id, createdAt: recordedAt });
    });
    expect((await graphql(api.url, BOARD, { first: 1 })).data!.leaderboard.edges[0].node.player.id).toBe('ben');

    // Boards with a live generation, as after a first rebuild: the worker starts no rebuild of its own, and only the sweep can repair them.
    await redis.set(`${boards()}live-gen`, '0');
    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring', { SCORING_OUTBOX_SWEEP_MS: '200' }));
    const repaired = await eventually(
      () => graphql(api.url, BOARD, { first: 1 }),
      (r) => r.data?.leaderboard.edges[0]?.node.player.id === 'fay',
      'the outbox sweep delivers the entry',
    );
    expect(repaired.data!.leaderboard.edges[0].node).toMatchObject({ rank: 1, score: 30, result: { id, verified: true } });
    expect(await data.getRepository(BoardOutboxEntity).count()).toBe(0);
    const verified = await graphql(api.url, BOARD, { verifiedOnly: true });
    expect(ranking(verified.data!.leaderboard.edges)).toEqual([[1, 'fay', 30]]);
  });

  it('rebuilds every board from Postgres after a flush, as a job the requester follows, with the same boards as before', async () => {
    const views = [{}, { verifiedOnly: true }, { period: 'WEEK' }, { board: { mapId: 'stalker-zs:map:4' } }, { board: { stalkerCount: 2 }, period: 'SEASON' }];
    const read = () => Promise.all(views.map(async (v) => (await graphql(api.url, BOARD, v)).data!.leaderboard.edges));
    const before = await read();
    expect(before[0]).toHaveLength(6);
    const storedBefore = await liveGeneration();
    expect(Object.keys(storedBefore).length).toBeGreaterThan(20);

    const keys = await redis.keys(`${boards()}*`);
    await redis.del(...keys);
    expect((await read()).every((edges) => edges.length === 0)).toBe(true);

    const refused = await graphql(api.url, REBUILD, {}, tokens.ana);
    expect(refused.errors![0].extensions).toEqual({ code: 'FORBIDDEN', rule: 'scoring-admin' });
    const requested = await graphql(api.url, REBUILD, {}, tokens['admin-zoe']);
    expect(requested.data!.requestZoneSurvivalBoardsRebuild).toMatchObject({ kind: 'zs-boards-rebuild' });
    const id = requested.data!.requestZoneSurvivalBoardsRebuild.id;
    const done = await eventually(() => graphql(api.url, JOB, { id }, tokens['admin-zoe']), (r) => r.data?.job?.state === 'COMPLETED', 'the rebuild completes');
    expect(done.data!.job.progress).toBe(100);
    expect(await read()).toEqual(before);
    // Not only the pages: every sorted set and the results held beside the entries are as the live writes left them.
    expect(await liveGeneration()).toEqual(storedBefore);
    const stranger = await graphql(api.url, JOB, { id }, tokens.ben);
    expect(stranger.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
    expect((await graphql(api.url, REBUILD, {})).errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });

  it('lets an administrator hide a result: the player\'s next best takes its place, and showing it again restores it', async () => {
    const top = (await graphql(api.url, BOARD, { board: { stalkerCount: 2 }, first: 2 })).data!.leaderboard.edges;
    expect(ranking(top)).toEqual([
      [1, 'fay', 30],
      [2, 'ben', 25],
    ]);
    const bensBest = top[1].node.result.id;
    for (const [caller, code] of [[tokens.ben, 'FORBIDDEN'], [undefined, 'UNAUTHENTICATED']] as const) {
      const refused = await graphql(api.url, HIDE, { id: bensBest, hidden: true }, caller);
      expect(refused.errors![0].extensions!.code).toBe(code);
    }
    expect((await graphql(api.url, HIDE, { id: 'no-such-result', hidden: true }, tokens['admin-zoe'])).errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
    expect((await graphql(api.url, BOARD, { board: { stalkerCount: 2 }, first: 2 })).data!.leaderboard.edges).toEqual(top);

    const hidden = await graphql(api.url, HIDE, { id: bensBest, hidden: true }, tokens['admin-zoe']);
    expect(hidden.data!.setZoneSurvivalResultHidden).toMatchObject({ id: bensBest, visible: false });
    const after = await graphql(api.url, BOARD, { board: { stalkerCount: 2 } });
    expect(ranking(after.data!.leaderboard.edges)).toEqual([
      [1, 'fay', 30],
      [2, 'ana', 24],
      [3, 'cy', 24],
      [4, 'ben', 22],
      [5, 'dee', 21],
    ]);
    // A rebuild agrees with the moderated boards.
    const requested = await graphql(api.url, REBUILD, {}, tokens['admin-zoe']);
    const id = requested.data!.requestZoneSurvivalBoardsRebuild.id;
    await eventually(() => graphql(api.url, JOB, { id }, tokens['admin-zoe']), (r) => r.data?.job?.state === 'COMPLETED', 'the rebuild completes');
    expect((await graphql(api.url, BOARD, { board: { stalkerCount: 2 } })).data!.leaderboard).toEqual(after.data!.leaderboard);

    await graphql(api.url, HIDE, { id: bensBest, hidden: false }, tokens['admin-zoe']);
    expect((await graphql(api.url, BOARD, { board: { stalkerCount: 2 }, first: 2 })).data!.leaderboard.edges).toEqual(top);
  });

  it('rescores stale results as a job and ends with the same boards', async () => {
    const data = api.app.get(DataSource);
    const before = (await graphql(api.url, BOARD, {})).data!.leaderboard;
    // A result scored under older rules: a different score and an old version.
    const anas = await data.getRepository(ResultEntity).findOneByOrFail({ playerId: 'ana', victory: true });
    await data.getRepository(ResultEntity).update({ id: anas.id }, { score: 3, scoreVersion: 'rules-of-yesterday' });

    const requested = await graphql(api.url, RESCORE, {}, tokens['admin-zoe']);
    expect(requested.data!.requestZoneSurvivalRescore.kind).toBe('zs-boards-rescore');
    const id = requested.data!.requestZoneSurvivalRescore.id;
    const done = await eventually(() => graphql(api.url, JOB, { id }, tokens['admin-zoe']), (r) => r.data?.job?.state === 'COMPLETED', 'the rescore completes');
    expect(done.data!.job.progress).toBe(100);
    const rescored = await data.getRepository(ResultEntity).findOneByOrFail({ id: anas.id });
    expect(rescored.score).toBe(24);
    expect(rescored.scoreVersion).not.toBe('rules-of-yesterday');
    expect((await graphql(api.url, BOARD, {})).data!.leaderboard).toEqual(before);
    expect((await graphql(api.url, RESCORE, {}, tokens.ana)).errors![0].extensions).toEqual({ code: 'FORBIDDEN', rule: 'scoring-admin' });
  });

  it('rolls over: boards of ended weeks and seasons go, the current ones and all-time stay', async () => {
    const gen = (await redis.get(`${boards()}live-gen`)) ?? '0';
    const ended = `${boards()}${gen}:week-2025-01-06:*|*|*:all`;
    await redis.zadd(ended, 1, 'someone');
    const before = await Promise.all(['ALL_TIME', 'WEEK', 'SEASON'].map(async (period) => (await graphql(api.url, BOARD, { period })).data!.leaderboard));
    const requested = await graphql(api.url, ROLLOVER, {}, tokens['admin-zoe']);
    const id = requested.data!.requestZoneSurvivalSeasonRollover.id;
    await eventually(() => graphql(api.url, JOB, { id }, tokens['admin-zoe']), (r) => r.data?.job?.state === 'COMPLETED', 'the rollover completes');
    expect(await redis.exists(ended)).toBe(0);
    const after = await Promise.all(['ALL_TIME', 'WEEK', 'SEASON'].map(async (period) => (await graphql(api.url, BOARD, { period })).data!.leaderboard));
    expect(after).toEqual(before);
  });
});
