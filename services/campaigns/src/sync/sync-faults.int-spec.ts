import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { REDIS_CLIENT, RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_DATABASE_URL, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { followCampaign, versionsCovered } from '../testing/live-follower';
import { CampaignChangeEntity } from './campaign-change.entity';
import { CampaignClientEntity } from './campaign-client.entity';

jest.setTimeout(30_000);

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq } } }`;
const days = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ seq: from + i, name: 'advance-day' }));

/**
 * Redis failing to establish membership during a push is covered in sync.int-spec.ts
 * (refused as an internal error, nothing written); here, Redis failing after the commit.
 */
describe('a push when Postgres or Redis goes away', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let service: RunningService;
  let db: DataSource;
  let token: string;

  const stored = async (campaignId: string) => ({
    version: (await db.getRepository(CampaignEntity).findOneByOrFail({ id: campaignId })).version,
    changes: await db.getRepository(CampaignChangeEntity).countBy({ campaignId }),
    clients: await db.getRepository(CampaignClientEntity).find({ where: { campaignId }, order: { clientId: 'ASC' } }),
  });
  const push = (campaignId: string, actions: unknown[], clientId = 'phone-ana-1') => graphql(service.url, PUSH, { input: { campaignId, clientId, actions } }, token);
  const newCampaign = async () => (await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Faults' } }, token)).data!.createCampaign.id as string;

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns'));
    db = service.app.get(DataSource);
    token = service.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await service?.stop().catch(() => undefined);
    await isolation.cleanUp();
    await redis.quit();
  });

  it('gives an internal error and writes nothing when Postgres drops the connection mid-transaction; the retry applies once', async () => {
    const id = await newCampaign();
    expect((await push(id, days(1, 2))).data!.pushCampaignActions.version).toBe(2);
    const before = await stored(id);

    // After the log rows, the new state and version and the device's seq are written, and before COMMIT, the backend dies.
    const query = EntityManager.prototype.query;
    let killed = false;
    const spy = jest.spyOn(EntityManager.prototype, 'query').mockImplementation(async function (this: EntityManager, sql: string, parameters?: unknown[]) {
      const result: unknown = await query.call(this, sql, parameters);
      if (!killed && sql.includes('INSERT INTO campaign_changes')) {
        killed = true;
        const [{ pid }] = (await query.call(this, 'SELECT pg_backend_pid() AS pid')) as { pid: number }[];
        const admin = new Client({ connectionString: TEST_DATABASE_URL });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend($1)', [pid]).finally(() => admin.end());
      }
      return result;
    });
    try {
      const failed = await push(id, days(3, 3));
      expect(failed.data).toBeNull();
      expect(failed.errors![0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      expect(killed).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(await stored(id)).toEqual(before);

    const retried = await push(id, days(3, 3));
    expect(retried.data!.pushCampaignActions).toEqual({ version: 5, lastSeq: 5, rejected: [] });
    expect((await stored(id)).changes).toBe(5);
  });

  it('still commits a push whose announcement Redis refuses, and a follower closes the gap from the database', async () => {
    const id = await newCampaign();
    const follower = followCampaign(service.url, id, { token });
    await follower.reach(0);
    const shared = service.app.get<Redis>(REDIS_CLIENT as never);
    const publish = jest.spyOn(shared, 'publish').mockRejectedValueOnce(new Error('Connection is closed.'));
    try {
      expect((await push(id, days(1, 1))).data!.pushCampaignActions.version).toBe(1);
      expect(publish).toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
    expect((await stored(id)).version).toBe(1);
    expect((await push(id, days(2, 1))).data!.pushCampaignActions.version).toBe(2);
    await follower.reach(2);
    expect(versionsCovered(follower.events)).toEqual({ contiguous: true, last: 2 });
    await follower.stop();
  });
});
