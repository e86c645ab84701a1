import { Queue, Worker } from 'bullmq';
import calculateSlot from 'cluster-key-slot';
import { RevocationMirror } from '../auth/revocation-mirror';
import { TokenRevocations } from '../auth/token-revocations';
import { BaseConfig } from '../config/config';
import { JobDirectory } from '../jobs/job-directory';
import { MembershipReader } from '../membership/membership-reader';
import { MembershipWriter } from '../membership/membership-writer';
import { queueConnection, queuePrefix } from '../queues/queue-connection';
import { RedisRateLimiter } from '../rate-limit/redis-rate-limiter';
import { LocalRedisCluster, startLocalRedisCluster } from '../testing/redis-cluster';
import { TEST_JWT_SECRET } from '../testing/test-environment';
import { closeRedis, connectRedis, RedisClient } from './redis-connection';
import { isCluster, keysBySlot, mgetAcrossSlots, scanKeys } from './redis-slots';

const until = async (condition: () => boolean | Promise<boolean>, what: string, withinMs = 15_000): Promise<void> => {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * The platform's Redis work on a real Redis Cluster of three masters with a
 * replica each, named as a deployment names it (REDIS_CLUSTER_NODES): every
 * multi-key command, script and transaction the platform sends must stay in
 * one slot or be split by slot, a whole key family must be found on every
 * master, and pub/sub must go on through a master's failover.
 */
describe('the platform on a Redis Cluster', () => {
  let cluster: LocalRedisCluster;
  let config: BaseConfig;
  const opened: RedisClient[] = [];
  const connect = (name: string, subscriber = false) => {
    const client = connectRedis(config, { name, subscriber });
    opened.push(client);
    return client;
  };

  beforeAll(async () => {
    cluster = await startLocalRedisCluster();
    config = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: [...cluster.nodes], REDIS_PREFIX: 'cluster-test', JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '1h' } as BaseConfig;
  }, 60_000);

  afterAll(async () => {
    for (const client of opened) await closeRedis(client);
    await cluster?.stop();
  });

  it('is reached through the seed nodes, and splits reads and writes of keys in many slots by slot', async () => {
    const redis = connect('cluster-test');
    expect(isCluster(redis)).toBe(true);
    const keys = Array.from({ length: 40 }, (_, i) => `cluster-test:spread:${i}`);
    expect(new Set(keys.map((key) => calculateSlot(key))).size).toBeGreaterThan(10);
    expect(keysBySlot(redis, keys).flat().sort()).toEqual([...keys].sort());
    await Promise.all(keys.map((key, i) => redis.set(key, String(i))));

    expect(await mgetAcrossSlots(redis, [...keys, 'cluster-test:absent'])).toEqual([...keys.map((_, i) => String(i)), null]);
    const found = await scanKeys(redis, 'cluster-test:spread:*', 5);
    expect(found.sort()).toEqual([...keys].sort());
    // Every master holds some of them: a SCAN of one node would have missed the others' keys.
    expect((await cluster.masters()).length).toBe(3);
  });

  it('counts a rate limit across replicas in one bucket', async () => {
    const [gatewayA, gatewayB] = [new RedisRateLimiter(connect('gateway-a'), config), new RedisRateLimiter(connect('gateway-b'), config)];
    const rule = { name: 'cluster-graphql', limit: 5, windowSeconds: 60 };
    const decisions = [];
    for (let i = 0; i < 6; i++) decisions.push(await (i % 2 ? gatewayB : gatewayA).consume(rule, '203.0.113.9'));
    expect(decisions.map((decision) => decision.limited)).toEqual([false, false, false, false, false, true]);
  });

  it('voids sessions whose markers fall in different slots, and a mirror in another process loads and hears them all', async () => {
    const revocations = new TokenRevocations(connect('accounts'), config.REDIS_PREFIX, 3600);
    const sessions = Array.from({ length: 24 }, (_, i) => `session-${i}`);
    const earlier = sessions.slice(0, 12);
    await revocations.revokeSessions(earlier);
    await revocations.revokeAllOf('player-cleo', Date.now());

    const mirror = new RevocationMirror(connect('campaigns'), connect('campaigns-revocations', true), revocations.mirrorKeys(), 3_600_000);
    await mirror.start();
    try {
      await until(() => mirror.isTrusted, 'the mirror is trusted');
      for (const session of earlier) expect(mirror.sessionEnded(session)).toBe(true);
      expect(mirror.playerRevokedUpTo('player-cleo')).not.toBeNull();

      await revocations.revokeSessions(sessions.slice(12));
      await until(() => sessions.every((session) => mirror.sessionEnded(session)), 'every later session is heard');
      for (const session of sessions) expect(await revocations.isRevoked('player-dan', 0, session)).toBe(true);
      expect(await revocations.isRevoked('player-dan', Math.floor(Date.now() / 1000), 'session-open')).toBe(false);
    } finally {
      await mirror.stop();
    }
  });

  it('runs a queue in one slot per queue, and keeps a job readable by its audience', async () => {
    const redis = connect('jobs');
    const name = 'cluster-test-unlocks';
    const prefix = queuePrefix(config, name);
    expect(prefix).toBe('{cluster-test:cluster-test-unlocks}');
    const producer = queueConnection(config, 'producer', false);
    const consumer = queueConnection(config, 'worker', true);
    const queue = new Queue(name, { connection: producer.connection, prefix });
    const worker = new Worker(name, async (job) => ({ opened: job.data.envelope }), { connection: consumer.connection, prefix });
    try {
      const job = await queue.add('unlock', { envelope: 'envelope-1' });
      await until(async () => (await queue.getJobState(job.id!)) === 'completed', 'the job completes');
      expect((await queue.getJob(job.id!))?.returnvalue).toEqual({ opened: 'envelope-1' });
      const slots = new Set((await scanKeys(redis, `${prefix}:*`)).map((key) => calculateSlot(key)));
      expect(slots.size).toBe(1);

      const membership = new MembershipReader(redis, connect('jobs-membership', true), config.REDIS_PREFIX);
      const directory = new JobDirectory(redis, membership, config.REDIS_PREFIX, (queueName) => queuePrefix(config, queueName));
      await directory.record(job.id!, name, { kind: 'players', playerIds: ['player-ana'] });
      expect(await directory.find(job.id!, { playerId: 'player-ana' })).toMatchObject({ id: job.id, state: 'completed' });
      await expect(directory.find(job.id!, { playerId: 'player-ben' })).rejects.toThrow(/not/i);
      await directory.close();
    } finally {
      await worker.close();
      await queue.close();
      await producer.release();
      await consumer.release();
    }
  });

  it('writes and reads the membership read model, which is one slot', async () => {
    const redis = connect('membership');
    const writer = new MembershipWriter(redis, config.REDIS_PREFIX);
    const rebuild = await writer.startRebuild();
    await writer.write({ groupId: 'cellar', version: 1, members: [{ playerId: 'player-ana', role: 'OWNER' }, { playerId: 'player-ben', role: 'MEMBER' }] });
    await writer.write({ groupId: 'shelter', version: 1, members: [{ playerId: 'player-ben', role: 'OWNER' }] });
    await writer.finishRebuild(rebuild);
    const reader = new MembershipReader(redis, connect('membership-changes', true), config.REDIS_PREFIX);
    await reader.start();
    try {
      expect(await reader.groupsOf('player-ben')).toEqual(['personal-player-ben', 'cellar', 'shelter']);
      expect(await reader.isMember('cellar', 'player-ana')).toBe(true);
      expect(await reader.isMember('shelter', 'player-ana')).toBe(false);
    } finally {
      await reader.stop();
    }
  });

  it('goes on through the failover of a master: commands are served again and a subscriber hears what is published after', async () => {
    const revocations = new TokenRevocations(connect('accounts-failover'), config.REDIS_PREFIX, 3600);
    const mirror = new RevocationMirror(connect('scoring'), connect('scoring-revocations', true), revocations.mirrorKeys(), 3_600_000);
    await mirror.start();
    try {
      await until(() => mirror.isTrusted, 'the mirror is trusted');
      // The subscriber starts on the first seed node; failing that one over is the harder case for it.
      const masters = await cluster.masters();
      const victim = masters.includes(cluster.nodes[0]) ? cluster.nodes[0] : masters[0];
      await cluster.killMasterAndWaitForFailover(victim);

      const later = Array.from({ length: 12 }, (_, i) => `after-failover-${i}`);
      await until(async () => revocations.revokeSessions(later).then(() => true, () => false), 'a revocation is written after the failover', 30_000);
      await until(() => mirror.isTrusted && later.every((session) => mirror.sessionEnded(session)), 'the mirror is trusted again and has every later session', 30_000);
      for (const session of later) expect(await revocations.isRevoked('player-eve', 0, session)).toBe(true);

      await cluster.restart(victim);
      expect((await cluster.masters()).includes(victim)).toBe(false);
    } finally {
      await mirror.stop();
    }
  }, 90_000);
});
