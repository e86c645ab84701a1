import { closeRedis, connectRedis, RedisClient, scanKeys } from '@scriptbook/platform';
import { LocalRedisCluster, startLocalRedisCluster } from '@scriptbook/platform/testing/redis-cluster';
import { RELEASE_CATALOG } from '@scriptbook/games';
import calculateSlot from 'cluster-key-slot';
import { BoardLayout, boardName, gameBoardsPrefix, RankedResult } from './board-keys';
import { periodTag } from './board-periods';
import { BoardStore } from './board-store';

/**
 * A game's boards on a real Redis Cluster: a submission's script writes
 * every board the result enters and a read's script finds the live
 * generation, keys both derive themselves, so all of a game's board keys
 * must be one slot, and a rebuild's sweep must find them on whichever
 * master holds it.
 */
describe("a game's boards on a Redis Cluster", () => {
  const game = RELEASE_CATALOG.scoringGames()[0];
  const layout: BoardLayout = { gameId: game.id, dimensions: game.scoring.dimensions, fields: Object.keys(game.scoring.schemas.result.shape) };
  const prefix = 'cluster-boards';
  let cluster: LocalRedisCluster;
  let redis: RedisClient;

  beforeAll(async () => {
    cluster = await startLocalRedisCluster();
    redis = connectRedis({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: [...cluster.nodes] }, { name: 'scoring' });
  }, 60_000);

  afterAll(async () => {
    if (redis) await closeRedis(redis);
    await cluster?.stop();
  });

  const now = new Date();
  const result = (playerId: string, score: number): RankedResult => ({
    id: `result-${playerId}`,
    playerId,
    fields: { scenarioId: 'stalker-zs:scenario:boss-hunt', mapId: 'stalker-zs:map:1', stalkerCount: 2, roundsPlayed: 5 },
    score,
    verified: true,
    fromRecord: false,
    challengeId: null,
    createdAt: now,
  });
  const allTime = boardName([null, null, null], periodTag('ALL_TIME', now), 'all');

  it('takes submissions and serves pages and around-me, every key of the game in one slot', async () => {
    const store = new BoardStore(redis, prefix, layout);
    await store.finishRebuild(await store.beginRebuild());
    await store.apply([result('player-ana', 900), result('player-ben', 700)]);
    await store.apply([result('player-cleo', 800)]);

    const top = await store.range(allTime, 0, 9);
    expect(top.entries.map((entry) => [entry.rank, entry.playerId, entry.score])).toEqual([
      [1, 'player-ana', 900],
      [2, 'player-cleo', 800],
      [3, 'player-ben', 700],
    ]);
    expect((await store.around(allTime, 'player-ben', 1)).entries.map((entry) => entry.playerId)).toEqual(['player-cleo', 'player-ben']);

    const keys = await scanKeys(redis, `${gameBoardsPrefix(prefix, game.id)}*`);
    expect(keys.length).toBeGreaterThan(3);
    expect(new Set(keys.map((key) => calculateSlot(key))).size).toBe(1);
  });

  it('rebuilds into a new generation and sweeps the old one from the master that holds it', async () => {
    const store = new BoardStore(redis, prefix, layout);
    const before = await store.liveGeneration();
    const gen = await store.beginRebuild();
    await store.fill(gen, [result('player-ana', 950), result('player-dan', 600)]);
    await store.finishRebuild(gen);

    expect((await store.range(allTime, 0, 9)).entries.map((entry) => [entry.playerId, entry.score])).toEqual([
      ['player-ana', 950],
      ['player-dan', 600],
    ]);
    const keys = await scanKeys(redis, `${gameBoardsPrefix(prefix, game.id)}*`);
    expect(keys.some((key) => key.includes(`:${before}:`))).toBe(false);
  });
});
