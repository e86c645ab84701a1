import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { REDIS_CLIENT, RunningService, startService, TokenService } from '@scriptbook/platform';
import { DEFAULT_MEMBERSHIP_CACHE_TTL_MS, MembershipWriter } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_DATABASE_URL, TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { campaignsApp } from '../campaigns.app';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignEntity } from '../store/campaign.entity';
import { followCampaign, versionsCovered } from '../testing/live-follower';
import { PrivateRedis } from '../testing/private-redis';
import { CampaignChangeEntity } from '../store/campaign-change.entity';
import { CampaignClientEntity } from '../store/campaign-client.entity';

jest.setTimeout(30_000);

const CREATE = `mutation($input: CreateCampaignInput!) { createCampaign(input: $input) { id } }`;
const PUSH = `mutation($input: PushCampaignActionsInput!) { pushCampaignActions(input: $input) { version lastSeq rejected { seq } } }`;
const days = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ seq: from + i, name: 'advance-day' }));

/**
 * Postgres dying mid-transaction and Redis refusing the announcement after
 * the commit, on the shared test servers; then Redis itself killed or frozen
 * during a push, on a Redis server of the test's own.
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

    // The push first decides from the row this replica remembers, then from a read without a lock, and each time
    // writes only if the campaign row is unchanged. Here another write touches the row before each of those writes,
    // so the push must write nothing and run again under the row lock; there, after the log rows, the new state and
    // version and the device's seq are written and before COMMIT, the backend dies.
    const query = PostgresQueryRunner.prototype.query;
    const happened: string[] = [];
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(async function (this: PostgresQueryRunner, ...args: Parameters<PostgresQueryRunner['query']>) {
      const [sql] = args;
      if (!sql.includes('INSERT INTO campaign_changes')) return query.apply(this, args);
      if (!this.isTransactionActive) {
        happened.push('raced');
        await db.getRepository(CampaignEntity).update({ id }, { name: 'Faults, renamed meanwhile' });
        return query.apply(this, args);
      }
      const result: unknown = await query.apply(this, args);
      if (this.isTransactionActive && !happened.includes('killed')) {
        happened.push('killed');
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
      expect(happened).toEqual(['raced', 'raced', 'killed']);
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

/** Fails the test with a clear message rather than letting a hung request wait for Jest's timeout. */
async function answeredWithin<T>(ms: number, what: string, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([request, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A push reads Redis twice before it writes: the access token's revocation
 * marker, then (inside its transaction, after taking the campaign row's
 * lock) the group's membership. When Redis goes away at either, the push
 * must fail with SERVICE_UNAVAILABLE and a message saying what could not be
 * checked, before the gateway's 10 s subgraph timeout, and write nothing:
 * not the version, not a log row, not the device's seq. The device's retry,
 * once Redis is back, applies the batch exactly once. (A push that finds the
 * membership still in its 5 s
 * in-process cache, or that fails only at the announcement after the commit,
 * is applied in full: the outcome is always all or nothing.)
 */
describe('a push when Redis goes away', () => {
  const GATEWAY_TIMEOUT_MS = 10_000;
  const isolation = new TestIsolation();
  let redisServer: PrivateRedis;
  let service: RunningService;
  let db: DataSource;
  let token: string;

  const stored = async (campaignId: string) => ({
    version: (await db.getRepository(CampaignEntity).findOneByOrFail({ id: campaignId })).version,
    changes: await db.getRepository(CampaignChangeEntity).countBy({ campaignId }),
    clients: await db.getRepository(CampaignClientEntity).find({ where: { campaignId }, order: { clientId: 'ASC' } }),
  });
  const push = (campaignId: string, actions: unknown[]) => graphql(service.url, PUSH, { input: { campaignId, clientId: 'phone-ana-1', actions } }, token);

  /** Writes the group's membership into a (new, empty) private Redis, as accounts' rebuild does. */
  const writeMembership = async () => {
    const redis = new Redis(redisServer.url);
    try {
      const writer = new MembershipWriter(redis, isolation.redisPrefix);
      const rebuild = await writer.startRebuild();
      await writer.write({ groupId: 'cellar-group', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }] });
      await writer.finishRebuild(rebuild);
    } finally {
      await redis.quit();
    }
  };

  /** The service's clients reconnect by themselves; wait until a push goes through again. */
  const untilServing = async (campaignId: string, actions: unknown[]) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await push(campaignId, actions);
      if (!response.errors) return response;
      expect(response.errors[0].extensions).toEqual({ code: 'SERVICE_UNAVAILABLE' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the service did not serve pushes again after Redis came back');
  };

  beforeAll(async () => {
    redisServer = await PrivateRedis.start();
    await writeMembership();
    service = await startService(campaignsApp, isolation.postgresEnv('campaigns', { REDIS_URL: redisServer.url }));
    db = service.app.get(DataSource);
    token = service.app.get(TokenService).issue('player-ana').accessToken;
  });

  afterAll(async () => {
    redisServer?.thaw();
    await service?.stop().catch(() => undefined);
    await redisServer?.kill();
    await isolation.cleanUp();
  });

  const newGroupCampaign = async () => {
    const response = await graphql(service.url, CREATE, { input: { gameId: 'twom', name: 'Cellar', groupId: 'cellar-group' } }, token);
    expect(response.errors).toBeUndefined();
    return response.data!.createCampaign.id as string;
  };

  it('gives SERVICE_UNAVAILABLE and writes nothing when Redis is killed inside the push’s transaction; the retry applies once', async () => {
    const id = await newGroupCampaign();
    expect((await push(id, days(1, 2))).data!.pushCampaignActions.version).toBe(2);
    const before = await stored(id);

    // The row lock is held and the membership check is next when Redis dies.
    const shared = service.app.get<Redis>(REDIS_CLIENT as never);
    const check = CampaignAccess.prototype.check;
    const spy = jest.spyOn(CampaignAccess.prototype, 'check').mockImplementationOnce(async function (this: CampaignAccess, ...args: Parameters<CampaignAccess['check']>) {
      await redisServer.kill();
      // Both of the service's connections see the reset; the membership cache is then no longer trusted.
      while (shared.status === 'ready') await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      return check.apply(this, args);
    });
    try {
      const failed = await answeredWithin(GATEWAY_TIMEOUT_MS, 'a push while Redis is down', push(id, days(3, 3)));
      expect(spy).toHaveBeenCalled();
      expect(failed.data).toBeNull();
      expect(failed.errors![0]).toMatchObject({
        message: expect.stringContaining('Group membership cannot be checked right now'),
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
    } finally {
      spy.mockRestore();
    }
    expect(await stored(id)).toEqual(before);

    await redisServer.restart();
    await writeMembership();
    const retried = await untilServing(id, days(3, 3));
    expect(retried.data!.pushCampaignActions).toEqual({ version: 5, lastSeq: 5, rejected: [] });
    expect((await stored(id)).changes).toBe(5);
  });

  it('gives SERVICE_UNAVAILABLE within the command timeout, not a hang, when Redis freezes; nothing is written and the retry applies once', async () => {
    const id = await newGroupCampaign();
    expect((await push(id, days(1, 1))).data!.pushCampaignActions.version).toBe(1);
    const before = await stored(id);

    // Frozen, the connections stay open and nothing answers: no reset tells the
    // service, so it trusts its membership cache until that expires.
    redisServer.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, DEFAULT_MEMBERSHIP_CACHE_TTL_MS + 200));
      // The first Redis read of a request is the access token's revocation check: it is the one that fails.
      const failed = await answeredWithin(GATEWAY_TIMEOUT_MS, 'a push while Redis is frozen', push(id, days(2, 2)));
      expect(failed.data ?? null).toBeNull();
      expect(failed.errors![0]).toMatchObject({
        message: 'The access token cannot be checked right now (Redis did not answer); nothing was changed, retry shortly',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      });
      expect(await stored(id)).toEqual(before);
    } finally {
      redisServer.thaw();
    }

    const retried = await untilServing(id, days(2, 2));
    expect(retried.data!.pushCampaignActions).toEqual({ version: 3, lastSeq: 3, rejected: [] });
    expect((await stored(id)).changes).toBe(3);
  });
});

