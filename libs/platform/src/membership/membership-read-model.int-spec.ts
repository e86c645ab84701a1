import Redis from 'ioredis';
import { DomainError } from '../errors/domain-errors';
import { TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { DEFAULT_MEMBERSHIP_CACHE_TTL_MS, MembershipReader, MembershipUnavailableError } from './membership-reader';
import { membershipKeys, personalGroupId } from './membership-keys';
import { MembershipWriter } from './membership-writer';

const GROUP = 'group-1';
const OWNER = 'player-owner';
const MEMBER = 'player-member';
const STRANGER = 'player-stranger';

async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not seen within ${withinMs} ms`);
}

async function codeOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error instanceof DomainError ? { code: error.code, ...error.details } : error;
  }
  throw new Error('expected a refusal');
}

describe('the membership read model on Redis', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const writer = new MembershipWriter(redis, isolation.redisPrefix);
  let clock = Date.now();
  const reader = new MembershipReader(new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL), isolation.redisPrefix, { now: () => clock });
  const readerClient = () => (reader as unknown as { redis: Redis }).redis;

  const build = async (members: { playerId: string; role: 'OWNER' | 'MEMBER' }[], version: number) => {
    const token = await writer.startRebuild();
    await writer.write({ groupId: GROUP, version, members });
    expect(await writer.finishRebuild(token)).toBe(true);
  };

  beforeAll(async () => {
    await reader.start();
    await build(
      [
        { playerId: OWNER, role: 'OWNER' },
        { playerId: MEMBER, role: 'MEMBER' },
      ],
      1,
    );
  });

  afterAll(async () => {
    await reader.stop();
    await readerClient().quit();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('sees members with their roles and refuses a stranger as if the group did not exist', async () => {
    expect(await reader.roleOf(GROUP, OWNER)).toBe('OWNER');
    expect(await reader.roleOf(GROUP, MEMBER)).toBe('MEMBER');
    expect(await reader.isMember(GROUP, STRANGER)).toBe(false);
    expect(await codeOf(reader.requireMember(GROUP, STRANGER))).toEqual({ code: 'NOT_FOUND', field: 'groupId', rule: 'exists' });
    expect(await codeOf(reader.requireMember('no-such-group', OWNER, 'input.groupId'))).toEqual({
      code: 'NOT_FOUND',
      field: 'input.groupId',
      rule: 'exists',
    });
    expect(await codeOf(reader.requireOwner(GROUP, MEMBER))).toEqual({ code: 'FORBIDDEN', field: 'groupId', rule: 'owner' });
    await expect(reader.requireOwner(GROUP, OWNER)).resolves.toBeUndefined();
  });

  it('answers a personal group from its id alone', async () => {
    expect(await reader.roleOf(personalGroupId(STRANGER), STRANGER)).toBe('OWNER');
    expect(await reader.roleOf(personalGroupId(STRANGER), OWNER)).toBeNull();
    expect(await reader.groupsOf(OWNER)).toEqual([personalGroupId(OWNER), GROUP]);
    expect(await reader.groupsOf(STRANGER)).toEqual([personalGroupId(STRANGER)]);
  });

  it('refuses a removed member as soon as the change is published, despite its cache', async () => {
    expect(await reader.isMember(GROUP, MEMBER)).toBe(true);
    await writer.write({ groupId: GROUP, version: 2, members: [{ playerId: OWNER, role: 'OWNER' }] });
    // The reader's clock is frozen, so only the invalidation can make it see the change.
    const tookMs = await waitFor(async () => !(await reader.isMember(GROUP, MEMBER)), 1_000);
    expect(tookMs).toBeLessThan(1_000);
    expect(await reader.groupsOf(MEMBER)).toEqual([personalGroupId(MEMBER)]);
    expect(await redis.smembers(membershipKeys(isolation.redisPrefix).player(MEMBER))).toEqual([]);
  });

  it('drops a lost invalidation once the cache entry outlives its bound', async () => {
    await writer.write({ groupId: GROUP, version: 3, members: [{ playerId: OWNER, role: 'OWNER' }, { playerId: MEMBER, role: 'MEMBER' }] });
    await waitFor(() => reader.isMember(GROUP, MEMBER), 1_000);
    // A change that reaches Redis without its message, as when the channel drops one.
    await redis.hdel(membershipKeys(isolation.redisPrefix).group(GROUP), MEMBER);
    expect(await reader.isMember(GROUP, MEMBER)).toBe(true);
    clock += DEFAULT_MEMBERSHIP_CACHE_TTL_MS + 1;
    expect(await reader.isMember(GROUP, MEMBER)).toBe(false);
    await writer.write({ groupId: GROUP, version: 4, members: [{ playerId: OWNER, role: 'OWNER' }, { playerId: MEMBER, role: 'MEMBER' }] });
    await waitFor(() => reader.isMember(GROUP, MEMBER), 1_000);
  });

  it('ignores a snapshot older than the one Redis holds', async () => {
    expect(await writer.write({ groupId: GROUP, version: 1, members: [] })).toBe(false);
    expect(await reader.isMember(GROUP, OWNER)).toBe(true);
  });

  it('fails closed after a flush, and serves again once a rebuild completes', async () => {
    const keys = await redis.keys(`{${isolation.redisPrefix}:membership}:*`);
    await redis.del(...keys);
    reader.forget('*');
    await expect(reader.isMember(GROUP, OWNER)).rejects.toBeInstanceOf(MembershipUnavailableError);
    await expect(reader.groupsOf(OWNER)).rejects.toBeInstanceOf(MembershipUnavailableError);
    expect(await writer.isBuilt()).toBe(false);

    await build([{ playerId: OWNER, role: 'OWNER' }], 5);
    expect(await reader.isMember(GROUP, OWNER)).toBe(true);
    expect(await reader.isMember('no-such-group', OWNER)).toBe(false);
  });

  it('does not call a rebuild complete when the model was flushed half way through it', async () => {
    const token = await writer.startRebuild();
    await redis.del(membershipKeys(isolation.redisPrefix).rebuilding);
    expect(await writer.finishRebuild(token)).toBe(false);
  });

  it('fails closed when Redis does not answer', async () => {
    const offline = new Redis(TEST_REDIS_URL, { lazyConnect: true, enableOfflineQueue: false });
    const cut = new MembershipReader(offline, new Redis(TEST_REDIS_URL, { lazyConnect: true }), isolation.redisPrefix);
    try {
      await expect(cut.isMember(GROUP, OWNER)).rejects.toBeInstanceOf(MembershipUnavailableError);
    } finally {
      offline.disconnect();
      await cut.stop();
    }
  });
});
