import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import { MembershipReader } from './membership-reader';
import { membershipKeys } from './membership-keys';

/** Just enough of a Redis client to script what the reader sees, answer by answer. */
class ScriptedRedis extends EventEmitter {
  readonly hashes = new Map<string, Record<string, string>>();
  reads = 0;
  duringRead?: () => void;
  status = 'ready';

  async hgetall(key: string): Promise<Record<string, string>> {
    this.reads += 1;
    const answer = { ...(this.hashes.get(key) ?? {}) };
    this.duringRead?.();
    return answer;
  }
  async exists(): Promise<number> {
    return 1;
  }
  async subscribe(): Promise<void> {}
  async quit(): Promise<void> {}
}

const keys = membershipKeys('p');

async function startedReader() {
  const redis = new ScriptedRedis();
  const subscriber = new ScriptedRedis();
  const reader = new MembershipReader(redis as unknown as Redis, subscriber as unknown as Redis, 'p');
  await reader.start();
  redis.hashes.set(keys.group('g'), { _v: '1', alice: 'OWNER', bob: 'MEMBER' });
  return { reader, redis, subscriber };
}

describe('MembershipReader cache', () => {
  it('answers repeated checks from memory while subscribed', async () => {
    const { reader, redis } = await startedReader();
    expect(await reader.roleOf('g', 'bob')).toBe('MEMBER');
    expect(await reader.roleOf('g', 'alice')).toBe('OWNER');
    expect(redis.reads).toBe(1);
  });

  it('reads again after a change message for the group', async () => {
    const { reader, redis, subscriber } = await startedReader();
    await reader.roleOf('g', 'bob');
    redis.hashes.set(keys.group('g'), { _v: '2', alice: 'OWNER' });
    subscriber.emit('message', keys.changes, 'g');
    expect(await reader.roleOf('g', 'bob')).toBeNull();
  });

  it('does not keep an answer that a change message overtook', async () => {
    const { reader, redis, subscriber } = await startedReader();
    // The message arrives while the old hash is on its way back.
    redis.duringRead = () => {
      redis.hashes.set(keys.group('g'), { _v: '2', alice: 'OWNER' });
      subscriber.emit('message', keys.changes, 'g');
      redis.duringRead = undefined;
    };
    expect(await reader.roleOf('g', 'bob')).toBe('MEMBER');
    expect(await reader.roleOf('g', 'bob')).toBeNull();
  });

  it('stops using its cache while the change channel is down', async () => {
    const { reader, redis, subscriber } = await startedReader();
    await reader.roleOf('g', 'bob');
    subscriber.emit('close');
    redis.hashes.set(keys.group('g'), { _v: '2', alice: 'OWNER' });
    expect(await reader.roleOf('g', 'bob')).toBeNull();
    await reader.roleOf('g', 'alice');
    expect(redis.reads).toBe(3);
    subscriber.emit('ready');
    await reader.roleOf('g', 'alice');
    await reader.roleOf('g', 'alice');
    expect(redis.reads).toBe(4);
  });
});

describe('MembershipReader.requireMembers', () => {
  it('lists a group\'s members for a member, from the one read that admits them', async () => {
    const { reader, redis } = await startedReader();
    expect(await reader.requireMembers('g', 'bob')).toEqual(['alice', 'bob']);
    expect(redis.reads).toBe(1);
    expect(await reader.requireMembers('personal-carol', 'carol')).toEqual(['carol']);
  });

  it('tells anyone else NOT_FOUND on the field, as for a group that does not exist', async () => {
    const { reader } = await startedReader();
    for (const [groupId, viewer] of [['g', 'mallory'], ['personal-carol', 'bob'], ['nowhere', 'bob']]) {
      await expect(reader.requireMembers(groupId, viewer, 'input.groupId')).rejects.toMatchObject({ code: 'NOT_FOUND', details: expect.objectContaining({ field: 'input.groupId' }) });
    }
  });
});
