import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl, RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp, campaignsWorkerApp } from '../campaigns.app';
import { CAMPAIGN_PURGE_EVERY_MS, CAMPAIGN_PURGE_SCHEDULER, campaignPurgeQueue } from './campaign-purge.queue';
import { keysMentioning, rowsMentioning } from './testing/leftovers';
import { campaignWithNotes, LIFECYCLE, PUSH } from './testing/lifecycle-operations';

const SHARE = `mutation($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) { token link { id } } }`;
const REVOKE_SHARE = `mutation($id: ID!) { revokeCampaignShareLink(id: $id) { id } }`;
const CONSENT = `mutation($campaignId: ID!) { setCampaignExportConsent(campaignId: $campaignId, consent: true) { consent } }`;

jest.setTimeout(60_000);

/**
 * The purge job leaves nothing of a deleted campaign: not a row in any table of the service's schema, not a Redis
 * key under the deployment's prefix that names it or holds its id, while a campaign beside it keeps all of its own.
 */
describe('the purge of deleted campaigns by the campaigns worker on Postgres and Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let api: RunningService;
  let worker: RunningService;
  let queue: Queue;
  let db: DataSource;
  let ana: string;

  const until = async (what: string, check: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${what} did not happen`);
  };

  /** A campaign with a log, two devices, a kept rejection, two snapshots (rows and finished jobs), share links and an export consent. */
  const playedCampaign = async (name: string) => {
    const id = await campaignWithNotes(api.url, ana, 'cellar', name, 25);
    const rejected = await graphql(api.url, PUSH, { input: { campaignId: id, clientId: 'tablet-ana-02', actions: [{ seq: 1, name: 'shout', args: {} }] } }, ana);
    expect(rejected.data!.pushCampaignActions.rejected).toEqual([{ seq: 1, rule: 'unknown-action' }]);
    await until('two snapshots', async () => (await db.query(`SELECT count(*)::int AS n FROM campaign_snapshots WHERE campaign_id = $1`, [id]))[0].n === 2);
    // A read-only share link still working and a revoked one (its revocation published in Redis).
    for (const label of ['Table screen', 'Old screen']) {
      const made = await graphql(api.url, SHARE, { input: { campaignId: id, label } }, ana);
      expect(made.errors).toBeUndefined();
      if (label === 'Old screen') expect((await graphql(api.url, REVOKE_SHARE, { id: made.data!.createCampaignShareLink.link.id }, ana)).errors).toBeUndefined();
    }
    expect((await graphql(api.url, CONSENT, { campaignId: id }, ana)).errors).toBeUndefined();
    return id;
  };

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'cellar', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    api = await startService(campaignsApp, isolation.postgresEnv('campaigns', { CAMPAIGN_SNAPSHOT_EVERY: '10' }));
    worker = await startService(campaignsWorkerApp, isolation.postgresEnv('campaigns', { CAMPAIGN_PURGE_AFTER_DAYS: '0', CAMPAIGN_PURGE_BATCH_SIZE: '7' }));
    db = api.app.get(DataSource);
    ana = api.app.get(TokenService).issue('player-ana').accessToken;
    queue = new Queue(campaignPurgeQueue.name, { connection: redisOptionsFromUrl(TEST_REDIS_URL), prefix: isolation.redisPrefix });
  });

  afterAll(async () => {
    await queue?.close();
    await worker?.stop();
    await api?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('is scheduled once, hourly', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((scheduler) => [scheduler.key, Number(scheduler.every)])).toEqual([[CAMPAIGN_PURGE_SCHEDULER, CAMPAIGN_PURGE_EVERY_MS]]);
  });

  it('removes every row and Redis key of a deleted campaign past its days, and nothing of the campaign beside it', async () => {
    const doomed = await playedCampaign('Doomed');
    const kept = await playedCampaign('Kept');
    const schema = isolation.schemaFor('campaigns');
    const keptRows = await rowsMentioning(db, schema, kept);
    const keptKeys = await keysMentioning(redis, isolation.redisPrefix, kept);
    // What the scans look for is there before: the log, snapshots, devices, rejection, share links, consent, and the snapshot jobs in Redis.
    expect(Object.keys(await rowsMentioning(db, schema, doomed)).sort()).toEqual([
      'campaign_changes',
      'campaign_clients',
      'campaign_export_consents',
      'campaign_rejections',
      'campaign_share_links',
      'campaign_snapshots',
      'campaigns',
    ]);
    expect((await keysMentioning(redis, isolation.redisPrefix, doomed)).length).toBeGreaterThan(0);

    expect((await graphql(api.url, LIFECYCLE.delete, { id: doomed }, ana)).errors).toBeUndefined();
    const job = await queue.add(CAMPAIGN_PURGE_SCHEDULER, {});
    await until('the purge', async () => (await job.getState()) === 'completed');
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ purged: 1, changes: 26 });

    expect(await rowsMentioning(db, schema, doomed)).toEqual({});
    expect(await keysMentioning(redis, isolation.redisPrefix, doomed)).toEqual([]);
    expect(await rowsMentioning(db, schema, kept)).toEqual(keptRows);
    expect(await keysMentioning(redis, isolation.redisPrefix, kept)).toEqual(keptKeys);
    expect((await graphql(api.url, LIFECYCLE.restore, { id: doomed }, ana)).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND', field: 'campaignId' });
  });

  it('leaves a deleted campaign still within its days to a worker that keeps them longer', async () => {
    const recent = await campaignWithNotes(api.url, ana, 'cellar', 'Recent', 1);
    await graphql(api.url, LIFECYCLE.delete, { id: recent }, ana);
    const patient = await startService(campaignsWorkerApp, isolation.postgresEnv('campaigns', { CAMPAIGN_PURGE_AFTER_DAYS: '1' }));
    try {
      await worker.stop();
      const job = await queue.add(CAMPAIGN_PURGE_SCHEDULER, {});
      await until('the purge', async () => (await job.getState()) === 'completed');
      expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ purged: 0, changes: 0 });
      expect((await graphql(api.url, LIFECYCLE.restore, { id: recent }, ana)).errors).toBeUndefined();
    } finally {
      await patient.stop();
    }
  });
});
