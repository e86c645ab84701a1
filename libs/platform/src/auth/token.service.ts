import { createSecretKey, KeyObject } from 'node:crypto';
import { Inject, Injectable, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import type { RedisClient } from '../redis/redis-connection';
import jwt from 'jsonwebtoken';
import { BoundedMap } from '../cache/bounded-map';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { createRedisSubscriber, REDIS_CLIENT } from '../redis/redis.module';
import { PLAYER_DIRECTORY, PlayerDirectory } from './player-directory';
import { RevocationMessage, RevocationMirror } from './revocation-mirror';
import { SHARE_LINK_DIRECTORY, shareLinkCredentialsOf, ShareLinkDirectory, shareLinkPrincipal } from './share-link-token';
import { durationSeconds, TokenRevocations } from './token-revocations';

const ISSUER = 'scriptbook';
const AUDIENCE = 'scriptbook-api';

export const MALFORMED_HEADER_REASON = 'the Authorization header must be "Bearer <token>"';
export const EXPIRED_TOKEN_REASON = 'the access token has expired';
/** Forged, altered, signed with another secret, for another audience, or missing a claim every token carries (`sub`, `exp`). */
export const INVALID_TOKEN_REASON = 'the access token is not valid';
export const REMOVED_PLAYER_REASON = 'the player no longer exists';
export const UNKNOWN_PLAYER_REASON = 'the token names no existing player';
export const ENDED_SESSION_REASON = 'the session was signed out or ended';
/** A share link's token that no link of this service holds any more (revoked), or never did. */
export const SHARE_LINK_REVOKED_REASON = 'the share link was revoked or does not exist';

/** Why a token that was sent is refused: one of the constants above, which `accessTokenRefused` turns into a rule. */
export type InvalidTokenReason =
  | typeof MALFORMED_HEADER_REASON
  | typeof EXPIRED_TOKEN_REASON
  | typeof INVALID_TOKEN_REASON
  | typeof REMOVED_PLAYER_REASON
  | typeof UNKNOWN_PLAYER_REASON
  | typeof ENDED_SESSION_REASON
  | typeof SHARE_LINK_REVOKED_REASON;

/**
 * The holder of a share link's token. `playerId` and `sessionId` are the
 * link's principal (`shareLinkPrincipal`), never a player's, so no rule that
 * asks "is this player a member" can let it through; `campaignId` is the one
 * campaign it may read, null in a service that did not issue it (and so
 * refuses it everywhere).
 */
export interface ShareLinkViewer {
  readonly kind: 'share-link';
  readonly playerId: string;
  readonly sessionId: string;
  readonly shareLink: { readonly linkId: string; readonly campaignId: string | null };
}

/** Who is calling: nobody, a player with a valid token, a share link's holder, or a bad token. */
export type Viewer =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'player'; readonly playerId: string; readonly sessionId?: string }
  | ShareLinkViewer
  | { readonly kind: 'invalid'; readonly reason: InvalidTokenReason };

export type { RevocationMessage } from './revocation-mirror';
export * from './share-link-token';

/** An accepted token and what can end it later: its expiry, the end of its session, the removal of its player. */
export interface TokenGrant {
  readonly playerId: string;
  /** Absent only in tokens issued before sessions existed. */
  readonly sessionId?: string;
  /** The token's `iat`, in seconds: a player's removal voids the tokens issued up to its second. */
  readonly issuedAt: number;
  /** When the token stops working, in milliseconds (`exp`: jsonwebtoken refuses it once the clock reaches that second). */
  readonly expiresAtMs: number;
}

/** What `grantOf` answers: a player or a share link's holder with the grant their token holds, or why there is none. */
export type GrantedViewer =
  | { readonly viewer: Extract<Viewer, { kind: 'player' }> | ShareLinkViewer; readonly grant: TokenGrant }
  | { readonly viewer: Exclude<Viewer, { kind: 'player' } | ShareLinkViewer>; readonly grant?: undefined };

/** Why a grant that was accepted stops holding before it expires. */
export type RevokedTokenReason = typeof ENDED_SESSION_REASON | typeof REMOVED_PLAYER_REASON;

interface SignedToken extends TokenGrant {
  readonly kind: 'signed';
}
type VerifiedToken = Exclude<Viewer, { kind: 'player' } | ShareLinkViewer> | SignedToken;

/** How many verified tokens a process remembers: a few per active device. */
const VERIFIED_TOKENS_KEPT = 10_000;

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
  private readonly revocationListeners = new Set<(revocation: RevocationMessage) => void>();
  /** Each request's viewer while the request lives (viewerOfRequest). */
  private readonly requestViewers = new WeakMap<object, Promise<Viewer>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis?: RedisClient,
    @Optional() @Inject(PLAYER_DIRECTORY) private readonly directory?: PlayerDirectory,
    @Optional() @Inject(SHARE_LINK_DIRECTORY) private readonly shareLinks?: ShareLinkDirectory,
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
    this.mirror.onRevocation((revocation) => {
      for (const listener of this.revocationListeners) listener(revocation);
    });
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
    return (await this.grantOf(authorization)).viewer;
  }

  /**
   * `viewerOf` the request's Authorization header, worked out once per
   * request however many of its handlers ask (a middleware ahead of Apollo,
   * then the GraphQL context): the revocation and player checks behind it
   * may cost a Redis round trip each.
   */
  viewerOfRequest(req: { readonly headers: { readonly authorization?: string | string[] } }): Promise<Viewer> {
    let viewer = this.requestViewers.get(req);
    if (!viewer) {
      viewer = this.viewerOf(req.headers.authorization);
      this.requestViewers.set(req, viewer);
    }
    return viewer;
  }

  /**
   * `viewerOf`, with what a connection that outlives the request needs to
   * end itself when the token stops holding: the grant, for a player.
   */
  async grantOf(authorization: string | string[] | undefined): Promise<GrantedViewer> {
    const shared = await this.shareLinkOf(authorization);
    if (shared) return shared;
    const token = this.verify(authorization);
    if (token.kind !== 'signed') return { viewer: token };
    const { kind: _signed, ...grant } = token;
    const revoked = await this.revocationOf(grant);
    if (revoked) return { viewer: { kind: 'invalid', reason: revoked } };
    if (this.directory && !(await this.directory.exists(token.playerId))) {
      return { viewer: { kind: 'invalid', reason: UNKNOWN_PLAYER_REASON } };
    }
    const viewer: Extract<Viewer, { kind: 'player' }> = token.sessionId ? { kind: 'player', playerId: token.playerId, sessionId: token.sessionId } : { kind: 'player', playerId: token.playerId };
    return { viewer, grant };
  }

  /**
   * A share link's holder, when the header carries a share link's token:
   * checked against the issuing service's links on every request (so a
   * revoked link stops at once), and passed through unchecked, with no
   * campaign, by services that issue none, where every field needing a
   * player refuses it. Its grant never expires by time; its revocation is
   * published as its principal's session's, which ends its live streams.
   */
  private async shareLinkOf(authorization: string | string[] | undefined): Promise<GrantedViewer | null> {
    const header = Array.isArray(authorization) ? authorization[0] : authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const credentials = match ? shareLinkCredentialsOf(match[1]) : null;
    if (!credentials) return null;
    const campaignId = this.shareLinks ? await this.shareLinks.campaignOf(credentials) : null;
    if (this.shareLinks && campaignId === null) return { viewer: { kind: 'invalid', reason: SHARE_LINK_REVOKED_REASON } };
    const principal = shareLinkPrincipal(credentials.linkId);
    return {
      viewer: { kind: 'share-link', playerId: principal, sessionId: principal, shareLink: { linkId: credentials.linkId, campaignId } },
      grant: { playerId: principal, sessionId: principal, issuedAt: 0, expiresAtMs: Number.MAX_SAFE_INTEGER },
    };
  }

  /**
   * Whether a grant was revoked since it was given, asked afresh: from the
   * mirror while it is live, otherwise from Redis (ServiceUnavailable when
   * Redis does not answer, never a guess).
   */
  async revocationOf(grant: TokenGrant): Promise<RevokedTokenReason | null> {
    if (!this.revocations) return null;
    const { playerId, issuedAt, sessionId } = grant;
    if (!(await this.revocations.isRevoked(playerId, issuedAt, sessionId, this.mirror))) return null;
    const ended = sessionId !== undefined && !(await this.revocations.isRevoked(playerId, issuedAt, undefined, this.mirror));
    return ended ? ENDED_SESSION_REASON : REMOVED_PLAYER_REASON;
  }

  /**
   * Hears every revocation this process learns of, once each, as its mirror
   * does: each message, and after messages may have been lost the markers
   * its reload finds. Nothing is heard while the mirror is not live
   * (`answersRevocationsFromMemory`): a holder of grants then asks
   * `revocationOf` itself. Returns what stops hearing; listeners must not throw.
   */
  onRevocation(listener: (revocation: RevocationMessage) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
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
    if (!match) return { kind: 'invalid', reason: MALFORMED_HEADER_REASON };
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
      // jsonwebtoken accepts a token without `exp` as one that never expires; every token accounts issues has one, so one
      // without it was made with a leaked secret (or by a bug) and would outlive every bound the platform promises.
      if (!claims.sub || typeof claims.exp !== 'number') return { kind: 'invalid', reason: INVALID_TOKEN_REASON };
      const sessionId = typeof claims.sid === 'string' && claims.sid ? claims.sid : undefined;
      const token: SignedToken = {
        kind: 'signed',
        playerId: claims.sub,
        issuedAt: claims.iat ?? 0,
        expiresAtMs: claims.exp * 1000,
        ...(sessionId ? { sessionId } : {}),
      };
      this.verified.set(raw, { token, expiresAt: claims.exp });
      return token;
    } catch (error) {
      return { kind: 'invalid', reason: error instanceof jwt.TokenExpiredError ? EXPIRED_TOKEN_REASON : INVALID_TOKEN_REASON };
    }
  }
}
