import Redis from 'ioredis';
import { BaseConfig } from '../config/config';
import { createRedisSubscriber } from '../redis/redis.module';
import { TEST_JWT_SECRET, TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { RevocationMessage, RevocationMirror } from './revocation-mirror';
import { TokenRevocations } from './token-revocations';
import { ENDED_SESSION_REASON, REMOVED_PLAYER_REASON, TokenService } from './token.service';

const until = async (condition: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the in-process revocation mirror (real Redis)', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const config = { JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '1h', REDIS_PREFIX: isolation.redisPrefix, REDIS_URL: TEST_REDIS_URL } as BaseConfig;
  const started: TokenService[] = [];

  /** A TokenService as a subgraph process has it: own Redis connection, mirror started. */
  const subgraphProcess = async (): Promise<TokenService> => {
    const tokens = new TokenService(config, new Redis(TEST_REDIS_URL));
    await tokens.onModuleInit();
    started.push(tokens);
    return tokens;
  };

  afterAll(async () => {
    for (const tokens of started) {
      await tokens.onApplicationShutdown();
      (tokens as unknown as { redis: Redis }).redis.disconnect();
    }
    redis.disconnect();
    await isolation.cleanUp();
  });

  it('refuses in another process a player removed there, as soon as the removal returns', async () => {
    const [accounts, campaigns] = [await subgraphProcess(), await subgraphProcess()];
    const token = `Bearer ${accounts.issue('player-ana').accessToken}`;
    expect(await campaigns.viewerOf(token)).toEqual({ kind: 'player', playerId: 'player-ana' });
    expect(campaigns.answersRevocationsFromMemory).toBe(true);

    await accounts.revokeAllOf('player-ana');

    expect(await campaigns.viewerOf(token)).toEqual({ kind: 'invalid', reason: REMOVED_PLAYER_REASON });
  });

  it('refuses in another process an ended session at once, and only that one', async () => {
    const [accounts, campaigns] = [await subgraphProcess(), await subgraphProcess()];
    const ended = `Bearer ${accounts.issue('player-ben', 'session-b1').accessToken}`;
    const open = `Bearer ${accounts.issue('player-ben', 'session-b2').accessToken}`;
    expect(await campaigns.viewerOf(ended)).toEqual({ kind: 'player', playerId: 'player-ben', sessionId: 'session-b1' });
    expect(campaigns.answersRevocationsFromMemory).toBe(true);

    await accounts.revokeSessions(['session-b1']);

    expect(await campaigns.viewerOf(ended)).toEqual({ kind: 'invalid', reason: ENDED_SESSION_REASON });
    expect(await campaigns.viewerOf(open)).toEqual({ kind: 'player', playerId: 'player-ben', sessionId: 'session-b2' });
  });

  it('tells a holder of a grant in another process that its session ended, and answers for the grant afresh', async () => {
    const [accounts, campaigns] = [await subgraphProcess(), await subgraphProcess()];
    const issued = accounts.issue('player-ivy', 'session-v1');
    const caller = await campaigns.grantOf(`Bearer ${issued.accessToken}`);
    expect(caller.grant).toEqual({ playerId: 'player-ivy', sessionId: 'session-v1', issuedAt: expect.any(Number), expiresAtMs: issued.expiresAt.getTime() });
    const heard: RevocationMessage[] = [];
    const stopHearing = campaigns.onRevocation((revocation) => heard.push(revocation));

    await accounts.revokeSessions(['session-v1']);

    await until(() => heard.length > 0, 'the other process heard the sign-out');
    expect(heard).toEqual([{ sessions: ['session-v1'] }]);
    expect(await campaigns.revocationOf(caller.grant!)).toBe(ENDED_SESSION_REASON);
    stopHearing();
    // The removal reaches the other process by pub/sub, like every revocation: asked once it has arrived, the
    // same grant now answers with the newer reason, and the listener that stopped hearing is told nothing.
    let removalArrived = false;
    const watchRemoval = campaigns.onRevocation((revocation) => void (removalArrived ||= 'player' in revocation));
    await accounts.revokeAllOf('player-ivy');
    await until(() => removalArrived, 'the other process heard the removal');
    watchRemoval();
    expect(await campaigns.revocationOf(caller.grant!)).toBe(REMOVED_PLAYER_REASON);
    expect(heard).toHaveLength(1);
  });

  it('knows, once started, the revocations made before it started', async () => {
    const accounts = await subgraphProcess();
    const before = `Bearer ${accounts.issue('player-cy', 'session-c1').accessToken}`;
    const other = `Bearer ${accounts.issue('player-dee', 'session-d1').accessToken}`;
    await accounts.revokeAllOf('player-cy');
    await accounts.revokeSessions(['session-d1']);

    const late = await subgraphProcess();
    expect(late.answersRevocationsFromMemory).toBe(true);

    expect(await late.viewerOf(before)).toEqual({ kind: 'invalid', reason: REMOVED_PLAYER_REASON });
    expect(await late.viewerOf(other)).toEqual({ kind: 'invalid', reason: ENDED_SESSION_REASON });
  });

  it('answers from memory while its subscription is live: no Redis read per request', async () => {
    const revocations = new TokenRevocations(redis, isolation.redisPrefix, 3600);
    const reads = new Redis(TEST_REDIS_URL);
    const mirror = new RevocationMirror(reads, createRedisSubscriber(config, `${isolation.redisPrefix}-mirror-memory`), revocations.mirrorKeys(), 3_660_000);
    await mirror.start();
    await revocations.revokeAllOf('player-eve', 1_800_000_000_000);
    await until(() => mirror.playerRevokedUpTo('player-eve') !== null, 'the mirror heard the removal');

    // Its own reading connection gone, the mirror still answers: it is not asked.
    reads.disconnect();
    expect(mirror.isTrusted).toBe(true);
    expect(await revocations.isRevoked('player-eve', 1_800_000_000, undefined, mirror)).toBe(true);
    expect(await revocations.isRevoked('player-eve', 1_800_000_001, undefined, mirror)).toBe(false);
    await mirror.stop();
  });

  it('falls back to Redis while its subscription is down, and after reconnecting knows what it missed', async () => {
    const revocations = new TokenRevocations(redis, isolation.redisPrefix, 3600);
    const subscriber = createRedisSubscriber(config, `${isolation.redisPrefix}-mirror-drop`);
    const mirror = new RevocationMirror(redis, subscriber, revocations.mirrorKeys(), 3_660_000);
    await mirror.start();
    expect(mirror.isTrusted).toBe(true);

    subscriber.disconnect();
    await until(() => subscriber.status === 'end', 'the subscription is down');
    expect(mirror.isTrusted).toBe(false);
    await revocations.revokeAllOf('player-fay', 1_800_000_000_000);
    await revocations.revokeSessions(['session-f1']);

    // The mirror missed both messages; the check reads Redis and refuses.
    expect(mirror.playerRevokedUpTo('player-fay')).toBeNull();
    expect(await revocations.isRevoked('player-fay', 1_800_000_000, undefined, mirror)).toBe(true);
    expect(await revocations.isRevoked('player-gil', 1_800_000_000, 'session-f1', mirror)).toBe(true);

    await subscriber.connect();
    await until(() => mirror.isTrusted, 'the mirror trusts itself again');
    expect(mirror.playerRevokedUpTo('player-fay')).toBe(1_800_000_000);
    expect(mirror.sessionEnded('session-f1')).toBe(true);
    expect(await revocations.isRevoked('player-fay', 1_800_000_000, undefined, mirror)).toBe(true);
    expect(await revocations.isRevoked('player-gil', 1_800_000_000, 'session-f1', mirror)).toBe(true);
    expect(await revocations.isRevoked('player-gil', 1_800_000_000, 'session-g2', mirror)).toBe(false);
    await mirror.stop();
  });

  it('distrusts itself after a connection killed by the server, and reloads when it is back', async () => {
    const revocations = new TokenRevocations(redis, isolation.redisPrefix, 3600);
    const name = `${isolation.redisPrefix}-mirror-kill`.replace(/[^A-Za-z0-9_-]/g, '-');
    const subscriber = createRedisSubscriber(config, name);
    const mirror = new RevocationMirror(redis, subscriber, revocations.mirrorKeys(), 3_660_000);
    await mirror.start();
    const clients = (await redis.client('LIST')) as string;
    const id = /id=(\d+) .*name=(\S+)/g;
    const mine = [...clients.matchAll(id)].find((match) => match[2] === name)?.[1];
    expect(mine).toBeDefined();

    await redis.client('KILL', 'ID', mine as string);
    await until(() => !mirror.isTrusted, 'the mirror saw the connection close');
    await revocations.revokeAllOf('player-hob', 1_800_000_000_000);
    await until(() => mirror.isTrusted, 'the mirror trusts itself again');

    expect(mirror.playerRevokedUpTo('player-hob')).toBe(1_800_000_000);
    await mirror.stop();
  });

  it('tells its listeners each revocation once: as it is published, and after a lost subscription those it missed', async () => {
    const revocations = new TokenRevocations(redis, isolation.redisPrefix, 3600);
    await revocations.revokeSessions(['session-j0']);
    const subscriber = createRedisSubscriber(config, `${isolation.redisPrefix}-mirror-listen`);
    const mirror = new RevocationMirror(redis, subscriber, revocations.mirrorKeys(), 3_660_000);
    const heard: RevocationMessage[] = [];
    mirror.onRevocation((revocation) => heard.push(revocation));
    await mirror.start();
    // What was revoked before it started is told by its first load.
    expect(heard).toContainEqual({ sessions: expect.arrayContaining(['session-j0']) });
    heard.length = 0;

    await revocations.revokeSessions(['session-j1']);
    await revocations.revokeAllOf('player-jo', 1_800_000_000_000);
    await until(() => heard.length === 2, 'the listener heard both');
    expect(heard).toEqual([{ sessions: ['session-j1'] }, { player: 'player-jo', upTo: 1_800_000_000 }]);

    subscriber.disconnect();
    await until(() => !mirror.isTrusted, 'the subscription is down');
    await revocations.revokeSessions(['session-j2']);
    await revocations.revokeAllOf('player-kim', 1_800_000_000_000);
    await subscriber.connect();
    await until(() => mirror.isTrusted, 'the mirror trusts itself again');

    expect(heard.slice(2)).toEqual([{ sessions: ['session-j2'] }, { player: 'player-kim', upTo: 1_800_000_000 }]);
    await mirror.stop();
  });

  it('keeps the markers’ lifetimes: published revocations still expire in Redis', async () => {
    const revocations = new TokenRevocations(redis, isolation.redisPrefix, 3600);
    await revocations.revokeSessions(['session-i1']);
    const ttl = await redis.ttl(`${isolation.redisPrefix}:auth:revoked-session:session-i1`);
    expect(ttl).toBeGreaterThan(3600);
    expect(ttl).toBeLessThanOrEqual(3660);
  });
});
