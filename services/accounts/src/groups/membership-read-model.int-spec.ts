import Redis from 'ioredis';
import { RunningService, startService } from '@scriptbook/platform';
import { MembershipReader, MembershipUnavailableError } from '@scriptbook/platform/membership';
import { graphql } from '@scriptbook/platform/testing/graphql-client';
import { TEST_REDIS_URL, TestIsolation } from '@scriptbook/platform/testing/test-environment';
import { accountsApp } from '../accounts.app';
import { GroupMembershipSync, MEMBERSHIP_RETRY_INTERVAL_MS } from './group-membership-sync';
import { registerPlayer, SignedInPlayer } from './group-test-kit';
import { repairMembership } from './repair-membership';

const STALENESS_BOUND_MS = 1_000;

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not true within ${withinMs} ms`);
}

describe('the membership read model accounts keeps for other subgraphs', () => {
  const isolation = new TestIsolation();
  const env = isolation.postgresEnv('accounts');
  const redis = new Redis(TEST_REDIS_URL);
  const reader = new MembershipReader(new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL), isolation.redisPrefix);
  let service: RunningService;
  let ana: SignedInPlayer;
  let ben: SignedInPlayer;
  let groupId: string;

  const flushMembership = async () => {
    const keys = await redis.keys(`{${isolation.redisPrefix}:membership}:*`);
    if (keys.length > 0) await redis.del(...keys);
    // A real flush drops the channel's subscribers' view too; the reader notices the missing model on its next read.
    reader.forget('*');
  };

  beforeAll(async () => {
    service = await startService(accountsApp, env);
    await reader.start();
    [ana, ben] = await Promise.all(['ana', 'ben'].map((name) => registerPlayer(service.url, name, isolation.id)));
    const created = await graphql(service.url, `mutation { createGroup(input: { name: "Box" }) { id } }`, {}, ana.token);
    groupId = created.data!.createGroup.id;
    const invited = await graphql(service.url, `mutation($g: ID!) { groupInvite(groupId: $g) { code } }`, { g: groupId }, ana.token);
    await graphql(service.url, `mutation($c: String!) { joinGroup(code: $c) { id } }`, { c: invited.data!.groupInvite.code }, ben.token);
  });

  afterAll(async () => {
    await service?.stop();
    await reader.stop();
    await (reader as unknown as { redis: Redis }).redis.quit();
    await isolation.cleanUp();
    await redis.quit();
  });

  it('shows a joined member to other subgraphs by the time joinGroup answers', async () => {
    expect(await reader.roleOf(groupId, ana.id)).toBe('OWNER');
    expect(await reader.roleOf(groupId, ben.id)).toBe('MEMBER');
    expect(await reader.groupsOf(ben.id)).toContain(groupId);
  });

  it('refuses a removed member within the staleness bound, though the reader had them cached', async () => {
    await expect(reader.requireMember(groupId, ben.id)).resolves.toBe('MEMBER');
    const removed = await graphql(service.url, `mutation($g: ID!, $p: ID!) { removeMember(groupId: $g, playerId: $p) { id } }`, { g: groupId, p: ben.id }, ana.token);
    expect(removed.errors).toBeUndefined();
    await eventually(async () => !(await reader.isMember(groupId, ben.id)), STALENESS_BOUND_MS);
    await expect(reader.requireMember(groupId, ben.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await reader.groupsOf(ben.id)).not.toContain(groupId);
  });

  it('fails closed after a Redis flush until accounts repairs the model', async () => {
    await flushMembership();
    await expect(reader.isMember(groupId, ana.id)).rejects.toBeInstanceOf(MembershipUnavailableError);
    expect(await service.app.get(GroupMembershipSync).rebuildAll()).toBeGreaterThanOrEqual(1);
    expect(await reader.roleOf(groupId, ana.id)).toBe('OWNER');
    expect(await reader.isMember(groupId, ben.id)).toBe(false);
  });

  it('is repaired by the operator command as well', async () => {
    await flushMembership();
    await expect(reader.isMember(groupId, ana.id)).rejects.toBeInstanceOf(MembershipUnavailableError);
    expect(await repairMembership(env)).toBeGreaterThanOrEqual(1);
    expect(await reader.roleOf(groupId, ana.id)).toBe('OWNER');
  });

  it('repairs a flushed model by itself within its retry interval', async () => {
    await flushMembership();
    await eventually(() => reader.isMember(groupId, ana.id), MEMBERSHIP_RETRY_INTERVAL_MS + 2_000);
  });

  it('rebuilds the model when accounts starts', async () => {
    await service.stop();
    await flushMembership();
    service = await startService(accountsApp, env);
    expect(await reader.roleOf(groupId, ana.id)).toBe('OWNER');
  });
});
