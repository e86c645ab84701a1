import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { SQLITE_BUSY_TIMEOUT_MS } from '@scriptbook/platform/persistence/sqlite-locking';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { exited, otherSqliteWriter } from '@scriptbook/platform/persistence/testing/sqlite-lock-holder';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignClientEntity } from '../store/campaign-client.entity';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq } } }`;

/**
 * A push on the local SQLite default while another process (the snapshot
 * worker, a migration) holds the database's write lock.
 */
describe('a push on SQLite while another process writes the same file', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const dir = mkdtempSync(join(tmpdir(), 'scriptbook-campaigns-busy-'));
  const file = join(dir, 'campaigns.sqlite');
  let service: RunningService;
  let db: DataSource;
  let token: string;
  let campaignId: string;

  // What the snapshot worker writes: a row of its own table.
  const holdFor = (ms: number) =>
    otherSqliteWriter(file, {
      mode: 'hold',
      ms,
      sql: `INSERT INTO campaign_snapshots (campaign_id, version, state, taken_at) VALUES ('${campaignId}', 1000, '{}', 0)`,
    });
  const push = (seq: number) =>
    graphql(service.url, PUSH, { input: { campaignId, clientId: 'phone-busy-1', actions: [{ seq, name: 'advance-day' }] } }, token);

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'box', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    const { DATABASE_URL: _url, DATABASE_SCHEMA: _schema, ...env } = isolation.postgresEnv('campaigns');
    service = await startService(campaignsApp, { ...env, SQLITE_DIR: dir });
    token = service.app.get(TokenService).issue('player-ana').accessToken;
    db = service.app.get(DataSource);
    campaignId = (await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Winter', groupId: 'box' } }, token)).data!.createCampaign.id;
  });

  afterAll(async () => {
    await service?.stop();
    await isolation.cleanUp();
    await redis.quit();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for a lock held briefly and applies the push', async () => {
    const holder = await holdFor(800);
    const response = await push(1);
    await exited(holder);
    expect(response.errors).toBeUndefined();
    expect(response.data!.pushCampaignActions).toEqual({ version: 1, lastSeq: 1, rejected: [] });
  });

  it('answers SERVICE_UNAVAILABLE with retryAfter when the lock outlasts the busy timeout, and writes nothing', async () => {
    const before = { changes: await db.getRepository(CampaignChangeEntity).count(), clients: await db.getRepository(CampaignClientEntity).find() };
    const holder = await holdFor(SQLITE_BUSY_TIMEOUT_MS + 2_000);
    const response = await push(2);
    await exited(holder);
    expect(response.status).toBe(200);
    expect(response.errors).toEqual([expect.objectContaining({ extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 1 } })]);
    expect(response.errors![0].message).toMatch(/nothing was written/);
    expect({ changes: await db.getRepository(CampaignChangeEntity).count(), clients: await db.getRepository(CampaignClientEntity).find() }).toEqual(before);
    // The device retries the same push once the lock is free: it applies, once.
    expect((await push(2)).data!.pushCampaignActions).toEqual({ version: 2, lastSeq: 2, rejected: [] });
  });
});
