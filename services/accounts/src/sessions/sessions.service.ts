import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, LessThan, MoreThan } from 'typeorm';
import {
  APP_CONFIG,
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  inTransaction,
  pageSize,
  timeOrderedId,
  toConnection,
  TokenService,
} from '@scriptbook/platform';
import { AccountsConfig } from '../accounts.config';
import { hashSecret } from '../devices/device-id';
import { PlayerEntity } from '../players/player.entity';
import { AuthPayload, toPlayer } from '../players/player.model';
import { RefreshTokenEntity } from './refresh-token.entity';
import { needsRedis } from './needs-redis';
import { refreshErrors } from './session-errors';
import { looksLikeRefreshToken, newRefreshToken, refreshTokenEnd, sessionEnd, SessionLifetimes } from './session-secrets';
import { SessionEntity, SessionEndReason, SignInMethod } from './session.entity';
import { SignInThrottle } from './sign-in-throttle';

/** What a new session or a refresh hands the client once its transaction has committed. */
export interface SessionGrant {
  readonly sessionId: string;
  readonly refreshToken: string;
  readonly refreshExpiresAt: Date;
}

export interface SessionOrigin {
  readonly method: SignInMethod;
  readonly deviceId?: string;
  readonly label?: string | null;
}

type RefreshOutcome = { kind: 'rotated'; grant: SessionGrant; player: PlayerEntity } | { kind: 'refused'; error: Error };

/**
 * Sessions: one per sign-in, kept alive by rotating refresh tokens. A
 * refresh token works once; presenting one that was already replaced means
 * two parties hold the session's tokens, so the whole session ends. The one
 * exception is a retry: within REFRESH_RETRY_WINDOW_SECONDS, and only while
 * its successor has never been used, a replaced token is exchanged again
 * (the device never received the first answer) and the unused successor is
 * voided, so a session still has one live refresh token.
 */
@Injectable()
export class SessionsService {
  private readonly lifetimes: SessionLifetimes;
  private readonly retryWindowMs: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly throttle: SignInThrottle,
    @Inject(APP_CONFIG) config: AccountsConfig,
  ) {
    this.lifetimes = { idleDays: config.REFRESH_IDLE_DAYS, maxDays: config.SESSION_MAX_DAYS };
    this.retryWindowMs = config.REFRESH_RETRY_WINDOW_SECONDS * 1000;
  }

  /** Starts a session inside the caller's transaction, so a sign-in that fails leaves no session behind. */
  async open(manager: EntityManager, playerId: string, origin: SessionOrigin, now = new Date()): Promise<SessionGrant> {
    const expiresAt = sessionEnd(now, this.lifetimes);
    const session = manager.create(SessionEntity, {
      id: timeOrderedId(),
      playerId,
      method: origin.method,
      deviceId: origin.deviceId ?? null,
      label: origin.label ?? null,
      lastUsedAt: now,
      expiresAt,
      endedAt: null,
      endReason: null,
    });
    await manager.insert(SessionEntity, session);
    return this.grant(manager, session, now);
  }

  /** The public answer to a sign-in or refresh: a fresh access token for the session, with its refresh token. */
  payload(player: PlayerEntity, grant: SessionGrant): AuthPayload {
    const { accessToken, expiresAt } = this.tokens.issue(player.id, grant.sessionId);
    return {
      accessToken,
      expiresAt,
      refreshToken: grant.refreshToken,
      refreshExpiresAt: grant.refreshExpiresAt,
      player: toPlayer(player),
      session: { playerId: player.id, sessionId: grant.sessionId },
    };
  }

  async refresh(refreshToken: string, clientAddress: string, now = new Date()): Promise<AuthPayload> {
    await this.throttle.refreshFrom(clientAddress);
    if (!looksLikeRefreshToken(refreshToken)) throw refreshErrors.unknown();
    const tokenHash = hashSecret(refreshToken);
    const outcome = await inTransaction(this.dataSource, (manager) => this.rotate(manager, tokenHash, now));
    if (outcome.kind === 'refused') throw outcome.error;
    return this.payload(outcome.player, outcome.grant);
  }

  /** Ends the session the access token belongs to; false for a token that names no session. */
  async signOut(playerId: string, sessionId: string | undefined, now = new Date()): Promise<boolean> {
    if (!sessionId) return false;
    return inTransaction(this.dataSource, async (manager) => {
      const ended = await this.end(manager, { id: sessionId, playerId }, 'SIGNED_OUT', now);
      return ended.length > 0;
    });
  }

  /** Ends every session of the player, this one included; answers how many were still open. */
  signOutEverywhere(playerId: string, now = new Date()): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => (await this.end(manager, { playerId }, 'SIGNED_OUT_ALL', now)).length);
  }

  /** Ends the sessions a device started, inside the caller's transaction (the device is being unlinked). */
  async endDeviceSessions(manager: EntityManager, playerId: string, deviceId: string, now = new Date()): Promise<number> {
    return (await this.end(manager, { playerId, deviceId }, 'UNLINKED', now)).length;
  }

  /** The player's sessions that can still be refreshed, newest first. */
  async list(playerId: string, first?: number | null, after?: string | null, now = new Date()): Promise<ConnectionShape<SessionEntity>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    const idleCutoff = new Date(now.getTime() - this.lifetimes.idleDays * 86_400_000);
    const rows = await this.dataSource.getRepository(SessionEntity).find({
      where: {
        playerId,
        endedAt: IsNull(),
        expiresAt: MoreThan(now),
        lastUsedAt: MoreThan(idleCutoff),
        ...(afterId ? { id: LessThan(afterId) } : {}),
      },
      order: { id: 'DESC' },
      take: limit + 1,
    });
    return toConnection(rows, limit, (row) => encodeCursor([row.id]), afterId !== undefined);
  }

  private async rotate(manager: EntityManager, tokenHash: string, now: Date): Promise<RefreshOutcome> {
    const token = await manager.findOneBy(RefreshTokenEntity, { tokenHash });
    if (!token) return { kind: 'refused', error: refreshErrors.unknown() };
    const session = await manager.findOneBy(SessionEntity, { id: token.sessionId });
    if (!session || session.endedAt) return { kind: 'refused', error: refreshErrors.ended() };
    if (token.replacedAt && !this.retriable(token, now)) return this.reused(manager, session, now);
    if (token.expiresAt <= now || session.expiresAt <= now) return { kind: 'refused', error: refreshErrors.expired() };
    await this.throttle.refreshFor(session.playerId);
    const next = newRefreshToken();
    // Only one of two simultaneous exchanges of one token can win each guarded update; the other is a reuse.
    if (token.replacedAt) {
      const voided = await manager.update(RefreshTokenEntity, { tokenHash: token.replacedBy!, replacedAt: IsNull() }, { replacedAt: now });
      if (!voided.affected) return this.reused(manager, session, now);
      await manager.update(RefreshTokenEntity, { tokenHash, replacedBy: token.replacedBy! }, { replacedBy: hashSecret(next) });
    } else {
      const replaced = await manager.update(RefreshTokenEntity, { tokenHash, replacedAt: IsNull() }, { replacedAt: now, replacedBy: hashSecret(next) });
      if (!replaced.affected) return this.reused(manager, session, now);
    }
    await manager.update(SessionEntity, { id: session.id }, { lastUsedAt: now });
    const player = await manager.findOneByOrFail(PlayerEntity, { id: session.playerId });
    return { kind: 'rotated', grant: await this.grant(manager, session, now, next), player };
  }

  /**
   * A replaced token presented again is a retry, not reuse, while it is
   * young and its successor is unused: the device that sent it is then the
   * only one that can have it, since the successor never reached anyone.
   * Whether the successor is still unused is settled by the guarded update
   * that voids it.
   */
  private retriable(token: RefreshTokenEntity, now: Date): boolean {
    return token.replacedBy !== null && token.replacedAt !== null && now.getTime() - token.replacedAt.getTime() < this.retryWindowMs;
  }

  private async reused(manager: EntityManager, session: SessionEntity, now: Date): Promise<RefreshOutcome> {
    await this.end(manager, { id: session.id }, 'REUSED', now);
    return { kind: 'refused', error: refreshErrors.reused() };
  }

  private async grant(manager: EntityManager, session: SessionEntity, now: Date, refreshToken = newRefreshToken()): Promise<SessionGrant> {
    const refreshExpiresAt = refreshTokenEnd(now, session.expiresAt, this.lifetimes);
    await manager.insert(RefreshTokenEntity, { tokenHash: hashSecret(refreshToken), sessionId: session.id, expiresAt: refreshExpiresAt, replacedAt: null, replacedBy: null });
    return { sessionId: session.id, refreshToken, refreshExpiresAt };
  }

  /**
   * Ends open sessions matching `where` and voids their access tokens in
   * Redis before the transaction commits: if Redis refuses, nothing ends and
   * the caller hears of it, rather than a session that looks ended but whose
   * tokens still work.
   */
  private async end(
    manager: EntityManager,
    where: { id?: string; playerId: string; deviceId?: string } | { id: string },
    reason: SessionEndReason,
    now: Date,
  ): Promise<string[]> {
    const open = await manager.find(SessionEntity, { where: { ...where, endedAt: IsNull() }, select: { id: true } });
    const ids = open.map((session) => session.id);
    if (ids.length === 0) return ids;
    await manager.update(SessionEntity, { id: In(ids), endedAt: IsNull() }, { endedAt: now, endReason: reason });
    await needsRedis('Ending the session', () => this.tokens.revokeSessions(ids));
    return ids;
  }
}
