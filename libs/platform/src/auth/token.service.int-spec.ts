import Redis from 'ioredis';
import { BaseConfig } from '../config/config';
import { TEST_JWT_SECRET, TEST_REDIS_URL, TestIsolation } from '../testing/test-environment';
import { TokenRevocations } from './token-revocations';
import { ENDED_SESSION_REASON, REMOVED_PLAYER_REASON, TokenService, UNKNOWN_PLAYER_REASON } from './token.service';

describe('access tokens of removed players (real Redis)', () => {
  const isolation = new TestIsolation();
  const redis = new Redis(TEST_REDIS_URL);
  const config = { JWT_SECRET: TEST_JWT_SECRET, JWT_TTL: '1h', REDIS_PREFIX: isolation.redisPrefix } as BaseConfig;

  afterAll(async () => {
    redis.disconnect();
    await isolation.cleanUp();
  });

  it('refuses every token a player held once the player is removed, and no one else’s', async () => {
    const tokens = new TokenService(config, redis);
    const ana = `Bearer ${tokens.issue('player-ana').accessToken}`;
    const ben = `Bearer ${tokens.issue('player-ben').accessToken}`;
    expect(await tokens.viewerOf(ana)).toEqual({ kind: 'player', playerId: 'player-ana' });

    await tokens.revokeAllOf('player-ana');

    expect(await tokens.viewerOf(ana)).toEqual({ kind: 'invalid', reason: REMOVED_PLAYER_REASON });
    expect(await tokens.viewerOf(ben)).toEqual({ kind: 'player', playerId: 'player-ben' });
    expect(await tokens.viewerOf(undefined)).toEqual({ kind: 'anonymous' });
  });

  it('keeps the marker only as long as a voided token could live', async () => {
    await new TokenRevocations(redis, isolation.redisPrefix, 3600).revokeAllOf('player-cy', 1_800_000_000_500);
    const key = `${isolation.redisPrefix}:auth:revoked-player:player-cy`;
    expect(await redis.get(key)).toBe('1800000001');
    expect(await redis.ttl(key)).toBeGreaterThan(3600);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(3660);
  });

  it('voids only tokens issued up to the removal, so a failed removal costs a sign-in, not the account', async () => {
    const revocations = new TokenRevocations(redis, isolation.redisPrefix, 3600);
    await revocations.revokeAllOf('player-dee', 1_800_000_000_000);
    expect(await revocations.isRevoked('player-dee', 1_800_000_000)).toBe(true);
    expect(await revocations.isRevoked('player-dee', 1_800_000_001)).toBe(false);
    expect(await revocations.isRevoked('player-eve', 1_800_000_000)).toBe(false);
  });

  it('asks the owner of the players table, where there is one, whether the player exists', async () => {
    const existing = new Set(['player-fay']);
    const tokens = new TokenService(config, redis, { exists: async (id) => existing.has(id) });
    expect(await tokens.viewerOf(`Bearer ${tokens.issue('player-fay').accessToken}`)).toEqual({ kind: 'player', playerId: 'player-fay' });
    expect(await tokens.viewerOf(`Bearer ${tokens.issue('player-zed').accessToken}`)).toEqual({ kind: 'invalid', reason: UNKNOWN_PLAYER_REASON });
  });

  it('refuses the tokens of an ended session at once, and only those', async () => {
    const tokens = new TokenService(config, redis);
    const ended = `Bearer ${tokens.issue('player-gil', 'session-1').accessToken}`;
    const open = `Bearer ${tokens.issue('player-gil', 'session-2').accessToken}`;
    expect(await tokens.viewerOf(ended)).toEqual({ kind: 'player', playerId: 'player-gil', sessionId: 'session-1' });

    await tokens.revokeSessions(['session-1']);

    expect(await tokens.viewerOf(ended)).toEqual({ kind: 'invalid', reason: ENDED_SESSION_REASON });
    expect(await tokens.viewerOf(open)).toEqual({ kind: 'player', playerId: 'player-gil', sessionId: 'session-2' });
    const key = `${isolation.redisPrefix}:auth:revoked-session:session-1`;
    expect(await redis.ttl(key)).toBeGreaterThan(3600);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(3660);
  });

  it('says "removed" rather than "signed out" when the whole player is gone', async () => {
    const tokens = new TokenService(config, redis);
    const token = `Bearer ${tokens.issue('player-hob', 'session-3').accessToken}`;
    await tokens.revokeAllOf('player-hob');
    expect(await tokens.viewerOf(token)).toEqual({ kind: 'invalid', reason: REMOVED_PLAYER_REASON });
  });

  it('cannot revoke without Redis, and says so rather than pretending', async () => {
    const tokens = new TokenService(config);
    await expect(tokens.revokeAllOf('player-ana')).rejects.toThrow(/needs Redis/);
    await expect(tokens.revokeSessions(['session-1'])).rejects.toThrow(/needs Redis/);
  });
});
