import type { RedisClient } from '../redis/redis-connection';
import { keysBySlot, mgetAcrossSlots } from '../redis/redis-slots';
import { ServiceUnavailableError } from '../errors/domain-errors';
import type { RevocationMessage, RevocationMirror, RevocationMirrorKeys } from './revocation-mirror';

/**
 * Two kinds of marker, kept in Redis where every subgraph can read them:
 * "tokens of this player issued up to this second are void" (written when a
 * player is removed) and "tokens of this session are void" (written when a
 * session is signed out). Each marker lives as long as the longest token it
 * voids, after which those tokens have expired on their own.
 *
 * A time rather than a flag for players: if removal's database commit fails
 * after the marker is written, the player still exists and simply signs in
 * again. A session, once ended, never comes back, so a flag is enough there.
 *
 * Each marker is published on one channel in the same MULTI that writes it,
 * and a revocation returns only after both, so a process's `RevocationMirror`
 * can answer from memory. Without a mirror, or while it is not trusted, every
 * check reads Redis.
 */
export class TokenRevocations {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly tokenLifetimeSeconds: number,
  ) {}

  /** Voids every token the player holds now. */
  async revokeAllOf(playerId: string, nowMs = Date.now()): Promise<void> {
    const upTo = Math.ceil(nowMs / 1000);
    const transaction = this.redis.multi().set(this.key(playerId), String(upTo), 'EX', this.markerLifetimeSeconds);
    await this.commit(transaction, { player: playerId, upTo });
  }

  /**
   * Voids the access tokens of these sessions, which were just ended. On a
   * Redis Cluster the sessions' markers fall in different slots, so each
   * slot's markers go in a MULTI of their own with their own message: every
   * marker is still published with the write that makes it.
   */
  async revokeSessions(sessionIds: readonly string[]): Promise<void> {
    const keys = sessionIds.map((sessionId) => this.sessionKey(sessionId));
    await Promise.all(
      keysBySlot(this.redis, keys).map((slotKeys) => {
        const transaction = this.redis.multi();
        for (const key of slotKeys) transaction.set(key, '1', 'EX', this.markerLifetimeSeconds);
        return this.commit(transaction, { sessions: slotKeys.map((key) => this.mirrorKeys().sessionIdOf(key)) });
      }),
    );
  }

  /** The keys and channel a `RevocationMirror` of these markers needs. */
  mirrorKeys(): RevocationMirrorKeys {
    const player = this.key('');
    const session = this.sessionKey('');
    return {
      channel: `${this.prefix}:auth:revocations`,
      playerPattern: `${player}*`,
      sessionPattern: `${session}*`,
      playerIdOf: (key) => key.slice(player.length),
      sessionIdOf: (key) => key.slice(session.length),
    };
  }

  get markerLifetimeSeconds(): number {
    return this.tokenLifetimeSeconds + 60;
  }

  private async commit(transaction: ReturnType<RedisClient['multi']>, message: RevocationMessage): Promise<void> {
    transaction.publish(this.mirrorKeys().channel, JSON.stringify(message));
    const results = await transaction.exec();
    const failed = results?.find(([error]) => error);
    if (!results || failed) throw failed?.[0] ?? new Error('Redis did not record the revocation');
  }

  /**
   * Whether a token issued at `issuedAtSeconds` (its `iat`), of the session
   * `sessionId` when it names one, was voided: from `mirror` while it is
   * trusted, otherwise one round trip to Redis.
   */
  async isRevoked(playerId: string, issuedAtSeconds: number, sessionId?: string, mirror?: RevocationMirror): Promise<boolean> {
    if (mirror?.isTrusted) {
      const upTo = mirror.playerRevokedUpTo(playerId);
      return (sessionId !== undefined && mirror.sessionEnded(sessionId)) || (upTo !== null && playerMarkerVoids(upTo, issuedAtSeconds));
    }
    try {
      if (sessionId === undefined) return this.playerRevokedAfter(await this.redis.get(this.key(playerId)), issuedAtSeconds);
      const [upTo, sessionEnded] = await mgetAcrossSlots(this.redis, [this.key(playerId), this.sessionKey(sessionId)]);
      return sessionEnded !== null || this.playerRevokedAfter(upTo, issuedAtSeconds);
    } catch (error) {
      // Never guess "not revoked": the caller is refused, clearly, and may retry.
      const unavailable = new ServiceUnavailableError('The access token cannot be checked right now (Redis did not answer); nothing was changed, retry shortly');
      unavailable.cause = error;
      throw unavailable;
    }
  }

  private playerRevokedAfter(upTo: string | null, issuedAtSeconds: number): boolean {
    return upTo !== null && playerMarkerVoids(Number(upTo), issuedAtSeconds);
  }

  private key(playerId: string): string {
    return `${this.prefix}:auth:revoked-player:${playerId}`;
  }

  private sessionKey(sessionId: string): string {
    return `${this.prefix}:auth:revoked-session:${sessionId}`;
  }
}

/** A player's marker voids the tokens issued (`iat`) up to and including its second, none issued after. */
export function playerMarkerVoids(upToSeconds: number, issuedAtSeconds: number): boolean {
  return issuedAtSeconds <= upToSeconds;
}

const SECONDS_PER_UNIT = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A JWT_TTL setting (`15m`, `7d`) in seconds. */
export function durationSeconds(setting: string): number {
  const match = /^(\d+)([smhd])$/.exec(setting);
  if (!match) throw new Error(`not a duration: ${setting}`);
  return Number(match[1]) * SECONDS_PER_UNIT[match[2] as keyof typeof SECONDS_PER_UNIT];
}
