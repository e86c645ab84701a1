import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const READ = `query($id: ID!) { campaign(id: $id) { version stateJson } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version } }`;
const CACHE_MS = 1_500;

/**
 * Two replicas of the campaigns API on one Postgres schema and one Redis,
 * each with its read cache on: what `campaign(id)` answers after changes
 * made through either of them, or behind both their backs.
 */
describe('campaign reads from a replica’s memory (real Postgres and Redis)', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let first: RunningService;
  let second: RunningService;
  let ana: string;
  let seq = 0;

  const read = async (replica: RunningService, id: string) => {
    const response = await graphql(replica.url, READ, { id }, ana);
    expect(response.errors).toBeUndefined();
    return response.data!.campaign as { version: number; stateJson: { storage: Record<string, number> } };
  };
  const push = async (replica: RunningService, campaignId: string) => {
    seq += 1;
    const response = await graphql(replica.url, PUSH, { input: { campaignId, clientId: 'ana-phone', actions: [{ seq, name: 'add-resource', args: { resource: 'Wood', amount: 1 } }] } }, ana);
    expect(response.errors).toBeUndefined();
    return response.data!.pushCampaignActions.version as number;
  };
  const create = async () => {
    const response = await graphql(first.url, CREATE, { input: { gameId: 'twom', name: 'Cached' } }, ana);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };
  /** Raises the version in the database with no announcement: a change whose PUBLISH Redis refused. */
  const changeUnannounced = (id: string) => first.app.get(DataSource).query('UPDATE campaigns SET version = version + 1 WHERE id = $1', [id]);

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    const env = { ...isolation.postgresEnv('campaigns'), CAMPAIGN_READ_CACHE_MS: String(CACHE_MS) };
    first = await startService(campaignsApp, env);
    second = await startService(campaignsApp, env);
    ana = first.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('reads back its own write at once, and the other replica’s as soon as the announcement arrives', async () => {
    const id = await create();
    expect((await read(first, id)).version).toBe(0);
    expect((await read(second, id)).version).toBe(0);

    expect(await push(first, id)).toBe(1);
    expect(await read(first, id)).toMatchObject({ version: 1, stateJson: { storage: { Wood: 1 } } });
    const deadline = Date.now() + 1_000;
    let seen = await read(second, id);
    while (seen.version < 1 && Date.now() < deadline) seen = await read(second, id);
    expect(seen).toMatchObject({ version: 1, stateJson: { storage: { Wood: 1 } } });

    expect(await push(second, id)).toBe(2);
    expect((await read(second, id)).version).toBe(2);
  });

  it('serves a row it read no longer than CAMPAIGN_READ_CACHE_MS when a change went unannounced', async () => {
    const id = await create();
    expect((await read(first, id)).version).toBe(0);
    await changeUnannounced(id);
    // Still the kept row: this is what the age limit bounds.
    expect((await read(first, id)).version).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 100));
    expect((await read(first, id)).version).toBe(1);
  });

  it('keeps nothing from before a lost subscription', async () => {
    const id = await create();
    expect((await read(second, id)).version).toBe(0);
    await redis.client('KILL', 'TYPE', 'pubsub');
    // The replicas see their connections close at once; any announcement sent meanwhile is lost.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await changeUnannounced(id);
    expect((await read(second, id)).version).toBe(1);
  });
});
