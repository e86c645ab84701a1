import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { stalkerZsGame } from '@scriptbook/games';
import { redisOptionsFromUrl, RunningService, startService, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_DATABASE_URL, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { gameBoardsPrefix } from '../boards/board-keys';
import { scoringApp, scoringWorkerApp } from '../scoring.app';
import { scoringMigrations } from './index';

const BOARD = `{ leaderboard { totalCount edges { node { rank score player { id } result { id scenarioId mapId stalkerCount roundsPlayed } } } } }`;
const MINE = `{ myResults { edges { node { id scenarioId mapId stalkerCount roundsPlayed score victory } } } }`;
const CHALLENGE = `{ dailyChallenge { id scenarioId mapId stalkerCount setup } }`;
const SECRET = 'the-secret-the-earlier-layout-generated-into-redis';

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

/**
 * A deploy onto a store the earlier code wrote: Zone Survival results in
 * their own table, boards under `zs-board` keys, the challenge secret under
 * its own key and the board jobs' schedules in the retired queue. The API
 * moves the results; the worker finds no boards in the new layout, rebuilds
 * them from the results and drops the old keys; the day's challenge stays
 * the one the earlier secret deals. Real Postgres, Redis and BullMQ.
 */
describe('deploying the per-game board layout onto boards of the earlier one', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const prefix = isolation.redisPrefix;
  const queue = (name: string) => new Queue(name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix });
  let api: RunningService;
  let worker: RunningService | undefined;

  beforeAll(async () => {
    // The store as the earlier release left it: its two migrations, its rows.
    const schema = isolation.schemaFor('scoring');
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA "${schema}"`).finally(() => client.end());
    const earlier = new DataSource({ type: 'postgres', url: TEST_DATABASE_URL, schema, extra: { options: `-c search_path=${schema}` }, migrations: scoringMigrations.slice(0, 2) });
    await earlier.initialize();
    try {
      await earlier.runMigrations();
      const recorded = new Date(Date.now() - 3600_000).toISOString();
      for (const [id, player, map, score, victory] of [
        ['r-ana', 'player-ana', 'stalker-zs:map:3', 22, true],
        ['r-ben', 'player-ben', 'stalker-zs:map:4', 25, true],
        ['r-cy', 'player-cy', 'stalker-zs:map:4', null, false],
      ] as const) {
        await earlier.query(
          `INSERT INTO zs_results (id, player_id, client_submission_id, input_hash, scenario_id, map_id, stalker_count, rounds_played, victory, score, verified, input, breakdown, challenge_id, score_version, hidden_at, created_at)
           VALUES ($1, $2, $3, $4, 'stalker-zs:scenario:boss-hunt', $5, 2, 8, $6, $7, false, '{}', NULL, NULL, '1:earlier', NULL, $8)`,
          [id, player, `game-${id}`, 'x'.repeat(64), map, victory, score, recorded],
        );
      }
    } finally {
      await earlier.destroy();
    }
    await redis.set(`${prefix}:zs-board:live-gen`, 'oldgen');
    await redis.zadd(`${prefix}:zs-board:oldgen:all:*|*|*:all`, 99, 'someone-only-redis-knew');
    await redis.zadd(`${prefix}:leaderboard:${stalkerZsGame.id}:all-time`, 5, 'someone-only-redis-knew');
    await redis.set(`${prefix}:zs-daily-challenge:secret`, SECRET);
    const retired = queue('zs-board-jobs');
    for (const id of ['zs-outbox-sweep', 'zs-season-rollover']) await retired.upsertJobScheduler(id, { every: 3600_000 }, { name: id, data: {} });
    await retired.close();

    api = await startService(scoringApp, isolation.postgresEnv('scoring'));
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    redis.disconnect();
    await isolation.cleanUp();
  });

  it('keeps every result, readable at once in the new table', async () => {
    const ana = api.app.get(TokenService).issue('player-ana').accessToken;
    const mine = await graphql(api.url, MINE, {}, ana);
    expect(mine.data!.myResults.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { id: 'r-ana', scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'stalker-zs:map:3', stalkerCount: 2, roundsPlayed: 8, score: 22, victory: true },
    ]);
    // Until the worker has rebuilt them, the boards of the new layout are empty: nothing is read from the old keys.
    expect((await graphql(api.url, BOARD)).data!.leaderboard).toEqual({ totalCount: 0, edges: [] });
  });

  it('rebuilds the boards from the stored results when the worker starts, and drops the old keys and schedules', async () => {
    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring'));
    const board = await eventually(
      async () => (await graphql(api.url, BOARD)).data!.leaderboard,
      (found) => found.totalCount === 2,
      'the rebuild fills the new layout',
    );
    expect(board.edges.map((e: { node: { rank: number; score: number; player: { id: string }; result: { id: string; mapId: string } } }) => [e.node.rank, e.node.player.id, e.node.score, e.node.result.id, e.node.result.mapId])).toEqual([
      [1, 'player-ben', 25, 'r-ben', 'stalker-zs:map:4'],
      [2, 'player-ana', 22, 'r-ana', 'stalker-zs:map:3'],
    ]);
    await eventually(() => redis.keys(`${prefix}:zs-board:*`), (keys) => keys.length === 0, 'the old boards go');
    expect(await redis.keys(`${prefix}:leaderboard:*`)).toEqual([]);
    const retired = queue('zs-board-jobs');
    try {
      expect(await retired.getJobSchedulers()).toEqual([]);
    } finally {
      await retired.close();
    }

    // A restart finds the boards live and rebuilds nothing.
    const live = await redis.get(`${gameBoardsPrefix(prefix, stalkerZsGame.id)}live-gen`);
    await worker.stop();
    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring'));
    const jobs = queue('board-jobs');
    try {
      expect((await jobs.getJobs(['waiting', 'active', 'delayed', 'prioritized'])).filter((job) => job.name.endsWith('-boards-rebuild'))).toEqual([]);
    } finally {
      await jobs.close();
    }
    expect(await redis.get(`${gameBoardsPrefix(prefix, stalkerZsGame.id)}live-gen`)).toBe(live);
  });

  it('deals the day\'s challenge from the secret the earlier layout kept', async () => {
    const served = await graphql(api.url, CHALLENGE);
    expect(served.errors).toBeUndefined();
    expect(await redis.get(`${prefix}:daily-challenge:secret`)).toBe(SECRET);
    const configured = await startService(scoringApp, isolation.postgresEnv('scoring', { DAILY_CHALLENGE_SECRET: SECRET }));
    try {
      expect((await graphql(configured.url, CHALLENGE)).data).toEqual(served.data);
    } finally {
      await configured.stop();
    }
  });
});
