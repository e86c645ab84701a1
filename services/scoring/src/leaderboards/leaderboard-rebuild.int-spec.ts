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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function waitForJob(url: string, id: string, state: string, token: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const response = await graphql(url, JOB, { id }, token);
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
  let ben: string;
  let cy: string;

  beforeAll(async () => {
    api = await startService(scoringApp, isolation.postgresEnv('scoring'));
    const tokens = api.app.get(TokenService);
    token = tokens.issue('player-ana').accessToken;
    ben = tokens.issue('player-ben').accessToken;
    cy = tokens.issue('player-cy').accessToken;
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
    const id = first.data!.requestLeaderboardRebuild.id;
    expect(id).toMatch(UUID);
    expect(second.data!.requestLeaderboardRebuild.id).toBe(id);

    // Another player asking for the same work joins the queued job, and may follow it from then on.
    const joined = await graphql(api.url, REQUEST, { gameId: 'stalker-zs' }, ben);
    expect(joined.data!.requestLeaderboardRebuild.id).toBe(id);
    expect((await graphql(api.url, JOB, { id }, ben)).data!.job).toMatchObject({ id, state: 'WAITING' });

    // Anyone who did not ask hears what an unknown id gets: NOT_FOUND, with nothing of the job in it.
    const unknown = await graphql(api.url, JOB, { id: '00000000-0000-4000-8000-000000000000' }, cy);
    for (const caller of [cy, undefined]) {
      const refused = await graphql(api.url, JOB, { id }, caller);
      expect(refused.data!.job).toBeNull();
      expect(refused.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
      expect(refused.errors![0].message.replace(id, 'X')).toBe(unknown.errors![0].message.replace('00000000-0000-4000-8000-000000000000', 'X'));
    }

    worker = await startService(scoringWorkerApp, isolation.postgresEnv('scoring'));
    const done = await waitForJob(api.url, id, 'COMPLETED', token);
    expect(done).toMatchObject({ progress: 100, attemptsMade: 1 });
    expect(done.finishedAt).not.toBeNull();
    const stillRefused = await graphql(api.url, JOB, { id }, cy);
    expect(stillRefused.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });

    const board = await redis.zrevrange(allTimeLeaderboardKey(isolation.redisPrefix, 'stalker-zs'), 0, -1, 'WITHSCORES');
    expect(board).toEqual(['ana', '31', 'ben', '27']);
  });

  it('gives the same board when run again (jobs are retried, so they must be idempotent)', async () => {
    const again = await graphql(api.url, REQUEST, { gameId: 'stalker-zs' }, token);
    expect(again.data!.requestLeaderboardRebuild.id).toMatch(UUID);
    await waitForJob(api.url, again.data!.requestLeaderboardRebuild.id, 'COMPLETED', token);
    const board = await redis.zrevrange(allTimeLeaderboardKey(isolation.redisPrefix, 'stalker-zs'), 0, -1, 'WITHSCORES');
    expect(board).toEqual(['ana', '31', 'ben', '27']);
  });

  it('refuses an unknown game, a missing token and an unknown job with clear codes', async () => {
    const unknownGame = await graphql(api.url, REQUEST, { gameId: 'chess' }, token);
    expect(unknownGame.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'gameId', rule: 'known-game' });
    const anonymous = await graphql(api.url, REQUEST, { gameId: 'stalker-zs' });
    expect(anonymous.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
    for (const caller of [token, undefined]) {
      const missing = await graphql(api.url, JOB, { id: 'no-such-job' }, caller);
      expect(missing.errors![0].extensions).toEqual({ code: 'NOT_FOUND', field: 'id', rule: 'exists' });
    }
    const badToken = await graphql(api.url, JOB, { id: 'no-such-job' }, 'garbage');
    expect(badToken.errors![0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });
});
