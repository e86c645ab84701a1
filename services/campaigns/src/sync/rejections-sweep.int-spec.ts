import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl, RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp, campaignsWorkerApp } from '../campaigns.app';
import { CampaignRejectionEntity } from '../store/campaign-rejection.entity';
import { REJECTIONS_KEPT_DAYS } from './rejection-retention';
import { REJECTIONS_SWEEP_EVERY_MS, REJECTIONS_SWEEP_SCHEDULER, rejectionsSweepQueue } from './rejections-sweep.queue';

const DAY_MS = 86_400_000;

/** The campaigns worker schedules a sweep that drops rejections past their days on campaigns no push prunes any more. */
describe('the rejections sweep of the campaigns worker on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let worker: RunningService;
  let queue: Queue;
  let db: DataSource;

  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the sweep did not finish');
  };

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'sweep-group', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    api = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    worker = await startService(campaignsWorkerApp, isolation.postgresEnv('campaigns'));
    db = api.app.get(DataSource);
    queue = new Queue(rejectionsSweepQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
  });

  afterAll(async () => {
    await queue?.close();
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('is scheduled once, and drops every campaign’s rejections older than the days kept, keeping the rest', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, Number(scheduler.every)])).toEqual([[REJECTIONS_SWEEP_SCHEDULER, REJECTIONS_SWEEP_EVERY_MS]]);

    const token = api.app.get(TokenService).issue('player-ana').accessToken;
    const created = await graphql(api.url, `mutation { createCampaign(input: { gameId: "twom", name: "Idle", groupId: "sweep-group" }) { id } }`, {}, token);
    const campaignId = created.data!.createCampaign.id as string;
    const row = { campaignId, clientId: 'phone-ana-1', playerId: 'player-ana', name: 'shout', code: 'BAD_USER_INPUT', rule: 'unknown-action', field: 'name', reason: 'r' };
    await db.getRepository(CampaignRejectionEntity).insert([
      { ...row, seq: 1, rejectedAt: Date.now() - (REJECTIONS_KEPT_DAYS + 2) * DAY_MS },
      { ...row, seq: 2, rejectedAt: Date.now() - (REJECTIONS_KEPT_DAYS + 1) * DAY_MS },
      { ...row, seq: 3, rejectedAt: Date.now() - (REJECTIONS_KEPT_DAYS - 1) * DAY_MS },
    ]);

    const job = await queue.add(REJECTIONS_SWEEP_SCHEDULER, {});
    await until(async () => (await job.getState()) === 'completed');
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ deleted: 2 });
    expect((await db.getRepository(CampaignRejectionEntity).findBy({ campaignId })).map((kept) => kept.seq)).toEqual([3]);
  });
});
