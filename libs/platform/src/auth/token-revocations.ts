import type Redis from 'ioredis';

/**
 * "Tokens of this player issued up to this second are void", kept in Redis
 * where every subgraph can read it. Accounts writes it when a player is
 * removed; each marker lives as long as the longest token it voids, after
 * which those tokens have expired on their own.
 *
 * A time rather than a flag: if removal's database commit fails after the
 * marker is written, the player still exists and simply signs in again.
 */
export class TokenRevocations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly tokenLifetimeSeconds: number,
  ) {}

  /** Voids every token the player holds now. */
  async revokeAllOf(playerId: string, nowMs = Date.now()): Promise<void> {
    const upTo = Math.ceil(nowMs / 1000);
    await this.redis.set(this.key(playerId), String(upTo), 'EX', this.tokenLifetimeSeconds + 60);
  }

  /** Whether a token issued at `issuedAtSeconds` (its `iat`) was voided. */
  async isRevoked(playerId: string, issuedAtSeconds: number): Promise<boolean> {
    const upTo = await this.redis.get(this.key(playerId));
    return upTo !== null && issuedAtSeconds <= Number(upTo);
  }

  private key(playerId: string): string {
    return `${this.prefix}:auth:revoked-player:${playerId}`;
  }
}

const SECONDS_PER_UNIT = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A JWT_TTL setting (`15m`, `7d`) in seconds. */
export function durationSeconds(setting: string): number {
  const match = /^(\d+)([smhd])$/.exec(setting);
  if (!match) throw new Error(`not a duration: ${setting}`);
  return Number(match[1]) * SECONDS_PER_UNIT[match[2] as keyof typeof SECONDS_PER_UNIT];
}
