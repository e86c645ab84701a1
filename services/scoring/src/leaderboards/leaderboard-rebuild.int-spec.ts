import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, timeOrderedId, TokenService } from '@scriptbook/platform';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { GameResultEntity } from '../results/game-result.entity';
import { scoringApp, scoringWorkerApp } from '../scoring.app';
import { allTimeLeaderboardKey } from './leaderboard-keys';

const REQUEST = `mutation($gameId: ID!) { requestLeaderboardRebuild(gameId: $gameId) { id kind state progress } }`;
const JOB = `query($id: ID!) { job(id: $id) { id state progress attemptsMade finishedAt } }`;

async function waitForJob(url: string, id: string, state: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const response = await graphql(url, JOB, { id });
    if (response.data?.job.state === state) return response.data.job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} never reached ${state}`);
}

describe('leaderboard rebuild through the scoring API and worker (Postgres, Redis, BullMQ)', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let worker: RunningService | undefined;
  let token: string;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring'));
    token = api.app.get(TokenService).issue('player-ana').accessToken;
    const results = api.app.get(DataSource).getRepository(GameResultEntity);
    // Ana's best is 31, Ben's 27; a result of another game must not count.
    const rows = [
      ['stalker-zs', 'ana', 12],
      ['stalker-zs', 'ben', 27],
      ['stalker-zs', 'ana', 31],
      ['twom', 'cy', 99],
    ] as const;
    await results.insert(rows.map(([gameId, playerId, score]) => ({ id: timeOrderedId(), gameId, playerId, score })));
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    redis.disconnect();
    await isolation.cleanUp();
  });

  it('queues one job per game while it waits, then the worker completes it with progress', async () => {
    const first = await graphql(api.url, REQUEST, { gameId: 'stalker-zs' }, token);
    const second = await graphql(api.url, REQUEST, { gameId: 'stalker-zs' }, token);
    expect(first.errors).toBeUndefined();
    expect(first.data!.requestLeaderboardRebuild).toMatchObject({ kind: 'leaderboard-rebuild', state: 'WAITING', progress: 0 });
    expect(second.data!.requestLeaderboardRebuild.id).toBe(first.data!.requestLeaderboardRebuild.id);

    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring'));
    const done = await waitForJob(api.url, first.data!.requestLeaderboardRebuild.id, 'COMPLETED');
    expect(done).toMatchObject({ progress: 100, attemptsMade: 1 });
    expect(done.finishedAt).not.toBeNull();

    const board = await redis.zrevrange(allTimeLeaderboardKey(isolation.redisPrefix, 'stalker-zs'), 0, -1, 'WITHSCORES');
    expect(board).toEqual(['ana', '31', 'ben', '27']);
  });

  it('gives the same board when run again (jobs are retried, so they must be idempotent)', async () => {
    const again = await graphql(api.url, REQUEST, { gameId: 'stalker-zs' }, token);
    await waitForJob(api.url, again.data!.requestLeaderboardRebuild.id, 'COMPLETED');
    const board = await redis.zrevrange(allTimeLeaderboardKey(isolation.redisPrefix, 'stalker-zs'), 0, -1, 'WITHSCORES');
    expect(board).toEqual(['ana', '31', 'ben', '27']);
  });

  it('refuses an unknown game, a missing token and an unknown job with clear codes', async () => {
    const unknownGame = await graphql(api.url, REQUEST, { gameId: 'chess' }, token);
    expect(unknownGame.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'gameId', rule: 'known-game' });
    const anonymous = await graphql(api.url, REQUEST, { gameId: 'stalker-zs' });
    expect(anonymous.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    const missing = await graphql(api.url, JOB, { id: 'no-such-job' });
    expect(missing.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
  });
});
