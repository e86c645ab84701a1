import type { RedisClient } from '../redis/redis-connection';
import { mgetAcrossSlots, scanKeys } from '../redis/redis-slots';
import { ConfirmedSubscription } from '../redis/confirmed-subscription';

/** What a revocation message carries: a player's tokens up to a second, or ended sessions. */
export type RevocationMessage =
  | { readonly player: string; readonly upTo: number }
  | { readonly sessions: readonly string[] };

export interface RevocationMirrorKeys {
  /** The pub/sub channel every revocation is published on. */
  readonly channel: string;
  /** SCAN patterns of the player and session markers. */
  readonly playerPattern: string;
  readonly sessionPattern: string;
  readonly playerIdOf: (key: string) => string;
  readonly sessionIdOf: (key: string) => string;
}

const SWEEP_INTERVAL_MS = 60_000;
const SCAN_BATCH = 1_000;

/**
 * This process's copy of the revocation markers, so an authenticated request
 * costs no Redis round trip. Every revocation writes its marker and publishes
 * it in one MULTI; the subscriber applies it here.
 *
 * It answers only while its subscription is live (`ConfirmedSubscription`):
 * from the moment the subscription is confirmed and the markers have been
 * loaded after it (a revocation published before the subscription was
 * confirmed wrote its marker before that, so the load sees it). Any sign that
 * messages may have been lost makes it answer "unknown" until the
 * subscription is confirmed again and the markers reloaded; the caller then
 * asks Redis directly, as without a mirror. Entries are kept as long as the
 * markers live in Redis, so the mirror refuses no longer and no shorter.
 *
 * Whatever outlives a request (a live subscription) learns of revocations
 * through `onRevocation`: each one is told once, when the mirror first knows
 * of it, from a message or from a reload after messages may have been lost,
 * so a reload tells what was missed meanwhile.
 */
export class RevocationMirror {
  private readonly players = new Map<string, { upTo: number; expiresAt: number }>();
  private readonly sessions = new Map<string, number>();
  private readonly subscription: ConfirmedSubscription;
  private readonly listeners = new Set<(revocation: RevocationMessage) => void>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly redis: RedisClient,
    subscriber: RedisClient,
    private readonly keys: RevocationMirrorKeys,
    private readonly markerLifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.subscription = new ConfirmedSubscription(subscriber, keys.channel, { message: (payload) => this.apply(payload), resync: () => this.load() }, now);
  }

  async start(): Promise<void> {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
    await this.subscription.start();
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.subscription.stop();
  }

  /** Hears each revocation once, as the mirror learns of it; returns what stops hearing. */
  onRevocation(listener: (revocation: RevocationMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the mirror can answer now; while not, ask Redis. */
  get isTrusted(): boolean {
    return this.subscription.isLive;
  }

  /** Voided up to which second, or null; meaningful only while trusted. */
  playerRevokedUpTo(playerId: string): number | null {
    const entry = this.players.get(playerId);
    return entry ? entry.upTo : null;
  }

  sessionEnded(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  /** Reads every marker in Redis; messages applied meanwhile are kept (a marker only ever tightens). */
  private async load(): Promise<void> {
    const expiresAt = this.now() + this.markerLifetimeMs;
    this.noteSessions((await scanKeys(this.redis, this.keys.sessionPattern, SCAN_BATCH)).map((key) => this.keys.sessionIdOf(key)), expiresAt);
    const playerKeys = await scanKeys(this.redis, this.keys.playerPattern, SCAN_BATCH);
    for (let start = 0; start < playerKeys.length; start += SCAN_BATCH) {
      const batch = playerKeys.slice(start, start + SCAN_BATCH);
      const values = await mgetAcrossSlots(this.redis, batch);
      batch.forEach((key, index) => {
        const value = values[index];
        if (value !== null) this.notePlayer(this.keys.playerIdOf(key), Number(value), expiresAt);
      });
    }
  }

  private apply(payload: string): void {
    let message: RevocationMessage;
    try {
      message = JSON.parse(payload) as RevocationMessage;
    } catch {
      // A message that cannot be read may have been a revocation: stop trusting until reloaded.
      this.subscription.resynchronise();
      return;
    }
    const expiresAt = this.now() + this.markerLifetimeMs;
    if ('player' in message) this.notePlayer(message.player, message.upTo, expiresAt);
    else this.noteSessions(message.sessions, expiresAt);
  }

  private notePlayer(playerId: string, upTo: number, expiresAt: number): void {
    const known = this.players.get(playerId);
    if (known && known.upTo > upTo) return;
    this.players.set(playerId, { upTo, expiresAt });
    if (!known || known.upTo < upTo) this.tell({ player: playerId, upTo });
  }

  private noteSessions(sessionIds: readonly string[], expiresAt: number): void {
    const fresh = sessionIds.filter((sessionId) => !this.sessions.has(sessionId));
    for (const sessionId of sessionIds) this.sessions.set(sessionId, expiresAt);
    if (fresh.length > 0) this.tell({ sessions: fresh });
  }

  private tell(revocation: RevocationMessage): void {
    for (const listener of this.listeners) listener(revocation);
  }

  /** Drops entries whose markers have expired in Redis, as the tokens they voided have. */
  private sweep(): void {
    const now = this.now();
    for (const [playerId, entry] of this.players) if (entry.expiresAt <= now) this.players.delete(playerId);
    for (const [sessionId, expiresAt] of this.sessions) if (expiresAt <= now) this.sessions.delete(sessionId);
  }
}
