import { createSecretKey, KeyObject } from 'node:crypto';
import { Inject, Injectable, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import type Redis from 'ioredis';
import jwt from 'jsonwebtoken';
import { BoundedMap } from '../cache/bounded-map';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { createRedisSubscriber, REDIS_CLIENT } from '../redis/redis.module';
import { PLAYER_DIRECTORY, PlayerDirectory } from './player-directory';
import { RevocationMirror } from './revocation-mirror';
import { durationSeconds, TokenRevocations } from './token-revocations';

const ISSUER = 'scriptbook';
const AUDIENCE = 'scriptbook-api';

/** Who is calling: nobody, a player with a valid token, or a bad token. */
export type Viewer =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'player'; readonly playerId: string; readonly sessionId?: string }
  | { readonly kind: 'invalid'; readonly reason: string };

interface SignedToken {
  readonly kind: 'signed';
  readonly playerId: string;
  readonly issuedAt: number;
  readonly sessionId?: string;
}
type VerifiedToken = Viewer | SignedToken;

/** How many verified tokens a process remembers: a few per active device. */
const VERIFIED_TOKENS_KEPT = 10_000;

export const REMOVED_PLAYER_REASON = 'the player no longer exists';
export const UNKNOWN_PLAYER_REASON = 'the token names no existing player';
export const ENDED_SESSION_REASON = 'the session was signed out or ended';

/**
 * Issues, verifies and revokes the access tokens every subgraph accepts. One
 * secret signs them (HS256), so any service can check a token without
 * calling accounts; the gateway forwards the Authorization header unchanged.
 *
 * A process with Redis (`RedisModule`) also checks, on every authenticated
 * request, that the player has not been removed since the token was issued.
 * It answers from a `RevocationMirror` kept current by pub/sub (each
 * revocation is published before it returns), and reads Redis directly
 * whenever the mirror's subscription is not confirmed live. Every service that stores player-owned rows imports
 * RedisModule; content and rules hold none and skip the check. In accounts,
 * which owns the players table (`PLAYER_DIRECTORY`), the row must exist too,
 * so no accounts mutation stores anything for a player who never existed.
 *
 * Tokens that accounts issues for a session carry its id (`sid`); a session
 * signed out is refused the same way, through a marker per session.
 */
@Injectable()
export class TokenService implements OnModuleInit, OnApplicationShutdown {
  private readonly revocations?: TokenRevocations;
  private mirror?: RevocationMirror;
  /**
   * The secret as a key object, made once: given a string, jsonwebtoken first
   * tries to read it as a PEM public key on every call and builds the secret
   * key only after that fails, which cost a sixth of a subgraph's CPU per
   * request under load.
   */
  private readonly signingKey: KeyObject;
  /**
   * Tokens whose signature and claims were already checked, with their expiry
   * in seconds: a device sends the same token with every request until it
   * refreshes, and checking it again cost an HMAC and two JSON parses each
   * time. A string that verified once stays valid until its `exp`; revocation
   * is decided separately on every request. Only tokens that passed are kept,
   * and only tokens signed with the secret can pass, so the map holds nothing
   * a caller can make up.
   */
  private readonly verified = new BoundedMap<string, { token: SignedToken; expiresAt: number }>(VERIFIED_TOKENS_KEPT);

  constructor(
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis?: Redis,
    @Optional() @Inject(PLAYER_DIRECTORY) private readonly directory?: PlayerDirectory,
  ) {
    this.signingKey = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
    if (redis) this.revocations = new TokenRevocations(redis, config.REDIS_PREFIX, durationSeconds(config.JWT_TTL));
  }

  /** Starts the revocation mirror; until it is live, checks read Redis. */
  async onModuleInit(): Promise<void> {
    if (!this.redis || !this.revocations || this.mirror) return;
    // Subscribing takes a connection over for good, so the mirror gets its own.
    const subscriber = createRedisSubscriber(this.config, 'scriptbook-token-revocations');
    this.mirror = new RevocationMirror(this.redis, subscriber, this.revocations.mirrorKeys(), this.revocations.markerLifetimeSeconds * 1000);
    await this.mirror.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mirror?.stop();
  }

  /** Whether revocation checks are answered from memory right now (else each reads Redis). */
  get answersRevocationsFromMemory(): boolean {
    return this.mirror?.isTrusted ?? false;
  }

  /** A signed access token for the player, naming the session it belongs to when there is one. */
  issue(playerId: string, sessionId?: string): { accessToken: string; expiresAt: Date } {
    const accessToken = jwt.sign(sessionId ? { sid: sessionId } : {}, this.signingKey, {
      algorithm: 'HS256',
      subject: playerId,
      issuer: ISSUER,
      audience: AUDIENCE,
      expiresIn: this.config.JWT_TTL as jwt.SignOptions['expiresIn'],
    });
    const { exp } = jwt.decode(accessToken) as { exp: number };
    return { accessToken, expiresAt: new Date(exp * 1000) };
  }

  /** The caller named by an Authorization header, with removed players refused. */
  async viewerOf(authorization: string | string[] | undefined): Promise<Viewer> {
    const token = this.verify(authorization);
    if (token.kind !== 'signed') return token;
    if (this.revocations && (await this.revocations.isRevoked(token.playerId, token.issuedAt, token.sessionId, this.mirror))) {
      const ended = token.sessionId !== undefined && !(await this.revocations.isRevoked(token.playerId, token.issuedAt, undefined, this.mirror));
      return { kind: 'invalid', reason: ended ? ENDED_SESSION_REASON : REMOVED_PLAYER_REASON };
    }
    if (this.directory && !(await this.directory.exists(token.playerId))) {
      return { kind: 'invalid', reason: UNKNOWN_PLAYER_REASON };
    }
    return token.sessionId ? { kind: 'player', playerId: token.playerId, sessionId: token.sessionId } : { kind: 'player', playerId: token.playerId };
  }

  /** Voids the access tokens of ended sessions at once, rather than at their expiry. */
  async revokeSessions(sessionIds: readonly string[]): Promise<void> {
    if (!this.revocations) throw new Error('revoking tokens needs Redis: import RedisModule');
    await this.revocations.revokeSessions(sessionIds);
  }

  /** Voids every token a player holds, for when the player is removed. */
  async revokeAllOf(playerId: string): Promise<void> {
    if (!this.revocations) throw new Error('revoking tokens needs Redis: import RedisModule');
    await this.revocations.revokeAllOf(playerId);
  }

  private verify(authorization: string | string[] | undefined): VerifiedToken {
    const header = Array.isArray(authorization) ? authorization[0] : authorization;
    if (!header) return { kind: 'anonymous' };
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return { kind: 'invalid', reason: 'the Authorization header must be "Bearer <token>"' };
    const raw = match[1];
    const known = this.verified.get(raw);
    // jsonwebtoken's own rule: expired once the current whole second reaches `exp`.
    if (known && Math.floor(Date.now() / 1000) < known.expiresAt) return known.token;
    try {
      const claims = jwt.verify(raw, this.signingKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      }) as jwt.JwtPayload;
      if (!claims.sub) return { kind: 'invalid', reason: 'the token names no player' };
      const sessionId = typeof claims.sid === 'string' && claims.sid ? claims.sid : undefined;
      const token: SignedToken = { kind: 'signed', playerId: claims.sub, issuedAt: claims.iat ?? 0, ...(sessionId ? { sessionId } : {}) };
      if (typeof claims.exp === 'number') this.verified.set(raw, { token, expiresAt: claims.exp });
      return token;
    } catch (error) {
      const reason = error instanceof jwt.TokenExpiredError ? 'the access token has expired' : 'the access token is not valid';
      return { kind: 'invalid', reason };
    }
  }
}
