import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { redisOptionsFromUrl, RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp, campaignsWorkerApp } from '../campaigns.app';
import { CAMPAIGN_PURGE_SCHEDULER, campaignPurgeQueue } from './campaign-purge.queue';
import { campaignWithNotes, LIFECYCLE, PUSH, refusalOf } from './testing/lifecycle-operations';

jest.setTimeout(60_000);

/** The same lifecycle on the local SQLite default that `npm start` runs, from rename to the purge. */
describe('the campaign lifecycle on SQLite', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-campaigns-lifecycle-'));
  let api: RunningService;
  let worker: RunningService;
  let queue: Queue;
  let db: DataSource;
  let ana: string;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    for (const groupId of ['cellar', 'attic']) await writer.write({ groupId, version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...env } = isolation.postgresEnv('campaigns');
    api = await startService(campaignsApp, { ...env, SQLITE_DIR: dir });
    worker = await startService(campaignsWorkerApp, { ...env, SQLITE_DIR: dir, CAMPAIGN_PURGE_AFTER_DAYS: '0', CAMPAIGN_PURGE_BATCH_SIZE: '3' });
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
    rmSync(dir, { recursive: true, force: true });
  });

  it('renames, refuses pushes while archived, transfers, deletes, restores, and purges every row', async () => {
    const id = await campaignWithNotes(api.url, ana, 'cellar', 'Local', 10);
    const ok = async (document: string, variables: Record<string, unknown>) => {
      const response = await graphql(api.url, document, variables, ana);
      expect(response.errors).toBeUndefined();
      return response.data!;
    };
    expect((await ok(LIFECYCLE.rename, { input: { campaignId: id, name: 'Local siege' } })).renameCampaign).toMatchObject({ name: 'Local siege', version: 11 });
    await ok(LIFECYCLE.archive, { id });
    const push = { input: { campaignId: id, clientId: 'phone-ana-01', actions: [{ seq: 11, name: 'add-note', args: { text: 'Late' } }] } };
    expect(refusalOf(await graphql(api.url, PUSH, push, ana))).toEqual({ code: 'CONFLICT', field: 'input.campaignId', rule: 'campaign-archived' });
    await ok(LIFECYCLE.unarchive, { id });
    expect((await ok(PUSH, push)).pushCampaignActions.version).toBe(14);
    expect((await ok(LIFECYCLE.transfer, { input: { campaignId: id, groupId: 'attic' } })).transferCampaign.groupId).toBe('attic');
    await ok(LIFECYCLE.delete, { id });
    expect(refusalOf(await graphql(api.url, PUSH, push, ana))).toEqual({ code: 'NOT_FOUND', field: 'input.campaignId', rule: 'exists' });
    expect((await ok(LIFECYCLE.restore, { id })).restoreCampaign.version).toBe(17);
    await ok(`mutation($input: CreateCampaignShareLinkInput!) { createCampaignShareLink(input: $input) { token } }`, { input: { campaignId: id } });
    await ok(`mutation($campaignId: ID!) { setCampaignExportConsent(campaignId: $campaignId, consent: true) { consent } }`, { campaignId: id });
    await ok(LIFECYCLE.delete, { id });

    const job = await queue.add(CAMPAIGN_PURGE_SCHEDULER, {});
    for (let i = 0; i < 200 && (await job.getState()) !== 'completed'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ purged: 1, changes: 18 });
    for (const table of ['campaigns', 'campaign_changes', 'campaign_clients', 'campaign_rejections', 'campaign_snapshots', 'campaign_share_links', 'campaign_export_consents']) {
      const column = table === 'campaigns' ? 'id' : 'campaign_id';
      expect([table, (await db.query(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`, [id]))[0].n]).toEqual([table, 0]);
    }
  });
});
