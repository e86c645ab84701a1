import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl, RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp, campaignsWorkerApp } from '../campaigns.app';
import { CampaignEntity } from '../store/campaign.entity';
import { StateChange } from '@scriptbook/campaign-model';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignSnapshotEntity } from './campaign-snapshot.entity';
import { campaignSnapshotQueue, snapshotJobId } from './campaign-snapshot.queue';
import { stateFrom } from './snapshot-state';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version rejected { seq } } }`;

describe('campaign snapshots by the campaigns worker on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let worker: RunningService;
  let db: DataSource;
  let queue: Queue;
  let token: string;

  const snapshotsOf = (campaignId: string) => db.getRepository(CampaignSnapshotEntity).find({ where: { campaignId }, order: { version: 'ASC' } });
  const changesBetween = async (campaignId: string, after: number, upTo: number) =>
    (await db.getRepository(CampaignChangeEntity).find({ where: { campaignId }, order: { version: 'ASC' } }))
      .filter((row) => row.version > after && row.version <= upTo)
      .map((row) => ({ version: row.version, delta: row.delta as unknown as StateChange[] }));
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('timed out');
  };

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    api = await startService(campaignsApp, isolation.postgresEnv('campaigns', { CAMPAIGN_SNAPSHOT_EVERY: '5' }));
    worker = await startService(campaignsWorkerApp, isolation.postgresEnv('campaigns'));
    db = api.app.get(DataSource);
    token = api.app.get(TokenService).issue('player-ana').accessToken;
    queue = new Queue(campaignSnapshotQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
  });

  afterAll(async () => {
    await queue?.close();
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('writes the state at every fifth version, each agreeing with the log, and only once per version', async () => {
    const created = await graphql(api.url, CREATE, { input: { gameId: 'twom', name: 'Checkpoints' } }, token);
    const id = created.data!.createCampaign.id as string;
    const batches = [[1], [2, 3, 4], [5, 6, 7, 8, 9, 10, 11], [12]];
    for (const seqs of batches) {
      const actions = seqs.map((seq) => ({ seq, name: 'add-resource', args: { resource: 'Wood', amount: seq } }));
      const pushed = await graphql(api.url, PUSH, { input: { campaignId: id, clientId: 'phone-ana-1', actions } }, token);
      expect(pushed.data!.pushCampaignActions.rejected).toEqual([]);
    }
    // Version 0 is kept at creation; the batch from 4 to 11 passed both 5 and 10: one snapshot, at 10.
    await until(async () => (await snapshotsOf(id)).length === 2);
    const [zero, ten] = await snapshotsOf(id);
    expect(zero.version).toBe(0);
    expect(stateFrom(zero.state, await changesBetween(id, 0, 10))).toEqual(ten.state);
    expect(ten.version).toBe(10);
    const campaign = await db.getRepository(CampaignEntity).findOneByOrFail({ id });
    expect(stateFrom(ten.state, await changesBetween(id, 10, 12))).toEqual(campaign.state);
    expect((ten.state as { storage: Record<string, number> }).storage.Wood).toBe(55);

    const again = await queue.add('snapshot', { campaignId: id, version: 10 }, { jobId: snapshotJobId({ campaignId: id, version: 10 }) });
    const job = await queue.getJob(again.id!);
    expect(await job!.getState()).toBe('completed');
    expect(await snapshotsOf(id)).toHaveLength(2);

    // A later snapshot is rolled back from the current state and checked against the one before.
    const more = [13, 14, 15].map((seq) => ({ seq, name: 'add-resource', args: { resource: 'Wood', amount: 1 } }));
    await graphql(api.url, PUSH, { input: { campaignId: id, clientId: 'phone-ana-1', actions: more } }, token);
    await until(async () => (await snapshotsOf(id)).length === 3);
    const fifteen = (await snapshotsOf(id))[2];
    expect(fifteen.version).toBe(15);
    expect((fifteen.state as { storage: Record<string, number> }).storage.Wood).toBe(81);
    const outcome = (await queue.getJob(snapshotJobId({ campaignId: id, version: 15 })))!.returnvalue;
    expect(outcome).toEqual({ campaignId: id, version: 15, written: true, agreesWithPrevious: true });
  });

  it('fails a job for a campaign that does not exist without retrying it', async () => {
    const job = await queue.add('snapshot', { campaignId: 'no-such-campaign', version: 5 }, { attempts: 3 });
    await until(async () => (await job.getState()) === 'failed');
    const failed = (await queue.getJob(job.id!))!;
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toMatch(/no state to snapshot/);
  });
});
