import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RunningService, startService, TokenService } from '@scriptbook/platform';
import { MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq } } }`;
const READ = `query($id: ID!) { campaign(id: $id) { version stateJson } }`;

/**
 * A replica remembers the campaign row its last push left (push-target-cache.ts)
 * and decides the device's next push from it, writing only while the row is
 * still that one. Two replicas on one Postgres schema: the second keeps its read
 * cache off, so it hears no announcements and its remembered rows go stale.
 */
describe('pushes decided from the row a replica remembers (real Postgres and Redis)', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  let hearing: RunningService;
  let deaf: RunningService;
  let ana: string;

  const statementsOf = (replica: RunningService) => jest.spyOn(replica.app.get(DataSource), 'query');
  const push = async (replica: RunningService, campaignId: string, clientId: string, seq: number, amount = 1) => {
    const response = await graphql(replica.url, PUSH, { input: { campaignId, clientId, actions: [{ seq, name: 'add-resource', args: { resource: 'Wood', amount } }] } }, ana);
    expect(response.errors).toBeUndefined();
    return response.data!.pushCampaignActions as { version: number; lastSeq: number };
  };
  const create = async () => {
    const response = await graphql(hearing.url, CREATE, { input: { gameId: 'twom', name: 'Remembered' } }, ana);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };
  const stored = async (id: string) => {
    const [row] = await hearing.app.get(DataSource).query('SELECT version, state FROM campaigns WHERE id = $1', [id]);
    const changes = await hearing.app.get(DataSource).query('SELECT version, client_id, seq FROM campaign_changes WHERE campaign_id = $1 ORDER BY version', [id]);
    return { version: Number(row.version), wood: JSON.parse(row.state).storage.Wood as number, changes: changes as { version: number; client_id: string; seq: number }[] };
  };

  beforeAll(async () => {
    const writer = new MembershipWriter(redis, isolation.redisPrefix);
    await writer.finishRebuild(await writer.startRebuild());
    hearing = await startService(campaignsApp, { ...isolation.postgresEnv('campaigns'), CAMPAIGN_READ_CACHE_MS: '1500' });
    deaf = await startService(campaignsApp, { ...isolation.postgresEnv('campaigns'), CAMPAIGN_READ_CACHE_MS: '0' });
    ana = hearing.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await deaf?.stop();
    await hearing?.stop();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('costs a device pushing again to the same replica one statement, the write', async () => {
    const id = await create();
    const statements = statementsOf(hearing);
    expect(await push(hearing, id, 'ana-phone-1', 1)).toMatchObject({ version: 1, lastSeq: 1 });
    expect(statements).toHaveBeenCalledTimes(2);
    for (const seq of [2, 3, 4]) expect(await push(hearing, id, 'ana-phone-1', seq)).toMatchObject({ version: seq, lastSeq: seq });
    expect(statements).toHaveBeenCalledTimes(5);
    expect(await stored(id)).toMatchObject({ version: 4, wood: 4 });
  });

  it('never writes over a change another replica made since: the stale guess writes nothing and the push reads the row', async () => {
    const id = await create();
    expect(await push(deaf, id, 'ana-phone-1', 1)).toMatchObject({ version: 1 });
    expect(await push(hearing, id, 'ana-laptop', 1, 10)).toMatchObject({ version: 2 });
    const statements = statementsOf(deaf);
    // The deaf replica still remembers version 1: its guess fails, then it reads (version 2) and writes on top.
    expect(await push(deaf, id, 'ana-phone-1', 2)).toMatchObject({ version: 3, lastSeq: 2 });
    expect(statements).toHaveBeenCalledTimes(3);
    const after = await stored(id);
    expect(after).toMatchObject({ version: 3, wood: 12 });
    expect(after.changes.map((change) => [change.version, change.client_id, change.seq])).toEqual([
      [1, 'ana-phone-1', 1],
      [2, 'ana-laptop', 1],
      [3, 'ana-phone-1', 2],
    ]);
  });

  it('drops what it remembers when it hears another replica’s change, so it reads instead of guessing', async () => {
    const id = await create();
    expect(await push(hearing, id, 'ana-phone-1', 1)).toMatchObject({ version: 1 });
    expect(await push(deaf, id, 'ana-laptop', 1)).toMatchObject({ version: 2 });
    const deadline = Date.now() + 2_000;
    while (((await graphql(hearing.url, READ, { id }, ana)).data?.campaign as { version: number }).version < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const statements = statementsOf(hearing);
    expect(await push(hearing, id, 'ana-phone-1', 2)).toMatchObject({ version: 3 });
    expect(statements).toHaveBeenCalledTimes(2);
  });

  it('answers a resent push from the database, applying nothing twice', async () => {
    const id = await create();
    await push(hearing, id, 'ana-phone-1', 1);
    await push(hearing, id, 'ana-phone-1', 2);
    expect(await push(hearing, id, 'ana-phone-1', 2)).toMatchObject({ version: 2, lastSeq: 2 });
    expect(await stored(id)).toMatchObject({ version: 2, wood: 2 });
  });

  it('decides a row changed behind its back (no announcement, a new xmin) from the database', async () => {
    const id = await create();
    await push(hearing, id, 'ana-phone-1', 1);
    await hearing.app.get(DataSource).query('UPDATE campaigns SET archived_at = $2 WHERE id = $1', [id, Date.now()]);
    const response = await graphql(hearing.url, PUSH, { input: { campaignId: id, clientId: 'ana-phone-1', actions: [{ seq: 2, name: 'add-resource', args: { resource: 'Wood', amount: 1 } }] } }, ana);
    expect(response.errors?.[0].extensions).toMatchObject({ code: 'CONFLICT', field: 'input.campaignId', rule: 'campaign-archived' });
    expect(await stored(id)).toMatchObject({ version: 1, wood: 1 });
  });
});
