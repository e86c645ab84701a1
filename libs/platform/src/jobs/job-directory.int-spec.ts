import { Module } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { TokenService } from '../auth/token.service';
import { RunningService, startService } from '../bootstrap/bootstrap';
import { serviceConfigSchema } from '../config/config';
import { SubgraphGraphQLModule } from '../graphql/subgraph-graphql.module';
import { MembershipWriter } from '../membership/membership-writer';
import { redisOptionsFromUrl } from '../redis/redis-connection';
import { graphql } from '../testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { JobDirectory } from './job-directory';
import { JobQueryModule } from './job-query.module';

/** A subgraph that serves nothing but `job(id)`, as scoring does among its other fields. */
@Module({ imports: [SubgraphGraphQLModule(), JobQueryModule] })
class JobQuerySubgraphModule {}

const JOB = `query($id: ID!) { job(id: $id) { id kind state progress attemptsMade finishedAt } }`;
const ENTITIES = `query($representations: [_Any!]!) { _entities(representations: $representations) { ... on BackgroundJob { id kind state } } }`;
const NOT_FOUND = { code: 'NOT_FOUND', field: 'id', rule: 'exists' };
const GROUP = 'group-campfire';

describe('one job(id) for the jobs of every queue (Redis, BullMQ)', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const connection = redisOptionsFromUrl(TEST_REDIS_URL);
  const rebuilds = new Queue('platform-test-rebuilds', { connection, prefix: isolation.redisPrefix });
  const unlocks = new Queue('platform-test-unlocks', { connection, prefix: isolation.redisPrefix });
  const membership = new MembershipWriter(redis, isolation.redisPrefix);
  let service: RunningService;
  let directory: JobDirectory;
  let token: (playerId: string) => string;

  const ask = (id: string, bearer?: string) => graphql(service.url, JOB, { id }, bearer);

  async function expectRefused(id: string, bearer?: string): Promise<void> {
    const refused = await ask(id, bearer);
    expect(refused.data?.job).toBeNull();
    expect(refused.errors?.[0].extensions).toEqual(NOT_FOUND);
    // The very words an id that never existed gets, so a refusal tells nothing.
    expect(refused.errors?.[0].message).toBe(`Job ${id} does not exist`);
  }

  beforeAll(async () => {
    const { DATABASE_URL: _none, ...env } = isolation.postgresEnv('jobs');
    service = await startService({ name: 'job-query', module: JobQuerySubgraphModule, configSchema: serviceConfigSchema(0, {}) }, env);
    directory = service.app.get(JobDirectory);
    const tokens = service.app.get(TokenService);
    token = (playerId) => tokens.issue(playerId).accessToken;
    const rebuild = await membership.startRebuild();
    await membership.write({ groupId: GROUP, version: 1, members: [{ playerId: 'ana', role: 'OWNER' }, { playerId: 'ben', role: 'MEMBER' }] });
    expect(await membership.finishRebuild(rebuild)).toBe(true);
  });

  afterAll(async () => {
    await service?.stop();
    await rebuilds.close();
    await unlocks.close();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('shows a job to the players who asked for it, a player who joined it included, and to no one else', async () => {
    const job = await rebuilds.add('leaderboard-rebuild', {}, { jobId: 'rebuild-1' });
    await directory.record(job.id!, rebuilds.name, { kind: 'players', playerIds: ['ana'] });
    await job.updateProgress(40);

    expect((await ask(job.id!, token('ana'))).data?.job).toEqual({
      id: 'rebuild-1',
      kind: 'leaderboard-rebuild',
      state: 'WAITING',
      progress: 40,
      attemptsMade: 0,
      finishedAt: null,
    });
    await expectRefused(job.id!, token('ben'));

    // Ben's request joined the queued job: he may follow it from then on, and Ana still may.
    await directory.record(job.id!, rebuilds.name, { kind: 'players', playerIds: ['ben'] });
    expect((await ask(job.id!, token('ben'))).data?.job).toMatchObject({ id: 'rebuild-1', progress: 40 });
    expect((await ask(job.id!, token('ana'))).data?.job).toMatchObject({ id: 'rebuild-1' });
    await expectRefused(job.id!, token('cy'));
    await expectRefused(job.id!);
  });

  it("shows a group's job, from a second queue, to its current members only", async () => {
    const job = await unlocks.add('envelope-unlock', {}, { jobId: `unlock:${GROUP}:A` });
    await directory.record(job.id!, unlocks.name, { kind: 'group', groupId: GROUP });

    for (const member of ['ana', 'ben']) {
      expect((await ask(job.id!, token(member))).data?.job).toMatchObject({ id: job.id, kind: 'envelope-unlock', state: 'WAITING' });
    }
    await expectRefused(job.id!, token('cy'));
    await expectRefused(job.id!);

    // Ben leaves the group: the job is gone for him as soon as accounts publishes the change.
    await membership.write({ groupId: GROUP, version: 2, members: [{ playerId: 'ana', role: 'OWNER' }] });
    const deadline = Date.now() + 2_000;
    while ((await ask(job.id!, token('ben'))).data?.job && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await expectRefused(job.id!, token('ben'));
    expect((await ask(job.id!, token('ana'))).data?.job).toMatchObject({ id: job.id });
  });

  it('follows a job a worker runs to completion, in a third queue', async () => {
    const sweeps = new Queue('platform-test-sweeps', { connection, prefix: isolation.redisPrefix });
    const worker = new Worker(
      sweeps.name,
      async (running) => {
        await running.updateProgress(100);
        return 'swept';
      },
      { connection: { ...connection, maxRetriesPerRequest: null }, prefix: isolation.redisPrefix },
    );
    try {
      const job = await sweeps.add('outbox-sweep', {}, { jobId: 'sweep-1' });
      await directory.record(job.id!, sweeps.name, { kind: 'players', playerIds: ['ana'] });
      const deadline = Date.now() + 5_000;
      while ((await ask(job.id!, token('ana'))).data?.job?.state !== 'COMPLETED' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const done = (await ask(job.id!, token('ana'))).data?.job;
      expect(done).toMatchObject({ id: 'sweep-1', kind: 'outbox-sweep', state: 'COMPLETED', progress: 100, attemptsMade: 1 });
      expect(done?.finishedAt).not.toBeNull();
    } finally {
      await worker.close();
      await sweeps.close();
    }
  });

  it('answers NOT_FOUND for an unknown id, an id too long to be one, and a recorded job its queue no longer holds', async () => {
    await expectRefused('00000000-0000-4000-8000-000000000000', token('ana'));
    await expectRefused('x'.repeat(300), token('ana'));
    await directory.record('trimmed-job', rebuilds.name, { kind: 'players', playerIds: ['ana'] });
    await expectRefused('trimmed-job', token('ana'));
    const badToken = await ask('rebuild-1', 'garbage');
    expect(badToken.errors?.[0].extensions).toEqual({ code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-invalid' });
  });

  it('resolves a BackgroundJob reference from another subgraph under the same rule, one refusal per reference', async () => {
    const representations = [
      { __typename: 'BackgroundJob', id: 'rebuild-1' },
      { __typename: 'BackgroundJob', id: `unlock:${GROUP}:A` },
      { __typename: 'BackgroundJob', id: 'never-queued' },
    ];
    const forBen = await graphql(service.url, ENTITIES, { representations }, token('ben'));
    expect(forBen.data?._entities).toEqual([{ id: 'rebuild-1', kind: 'leaderboard-rebuild', state: 'WAITING' }, null, null]);
    expect(forBen.errors?.map((error) => [error.path, error.extensions])).toEqual([
      [['_entities', 1], NOT_FOUND],
      [['_entities', 2], NOT_FOUND],
    ]);
    const anonymous = await graphql(service.url, ENTITIES, { representations }, undefined);
    expect(anonymous.data?._entities).toEqual([null, null, null]);
  });
});
