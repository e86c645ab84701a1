import type Redis from 'ioredis';

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
/**
 * A connection can die without closing (a frozen server, a dropped route):
 * the subscriber pings this often, and the mirror answers only while the
 * last answer is younger than `HEARTBEAT_LIMIT_MS`. A ping's answer comes
 * after every message published before it, so that bounds how long a
 * silently lost revocation can go unnoticed.
 */
const HEARTBEAT_INTERVAL_MS = 500;
const HEARTBEAT_LIMIT_MS = 1_500;
const SCAN_BATCH = 1_000;

/**
 * This process's copy of the revocation markers, so an authenticated request
 * costs no Redis round trip. Every revocation writes its marker and publishes
 * it in one MULTI; the subscriber applies it here.
 *
 * It answers only while it is known to be complete: from the moment the
 * subscription is confirmed and the markers have been loaded after it (a
 * revocation published before the subscription was confirmed wrote its
 * marker before that, so the load sees it). Any sign that messages may have
 * been lost (close, reconnect, error) makes it answer "unknown" until the
 * subscription is confirmed again and the markers reloaded; the caller then
 * asks Redis directly, as without a mirror. Entries are kept as long as the
 * markers live in Redis, so the mirror refuses no longer and no shorter.
 */
export class RevocationMirror {
  private readonly players = new Map<string, { upTo: number; expiresAt: number }>();
  private readonly sessions = new Map<string, number>();
  private trusted = false;
  private started = false;
  /** Bumped on every loss of the subscription, so a reload that raced one does not mark the mirror trusted. */
  private generation = 0;
  private sweeper?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  private lastAnswerAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly subscriber: Redis,
    private readonly keys: RevocationMirrorKeys,
    private readonly markerLifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.keys.channel) this.apply(payload);
    });
    for (const event of ['close', 'reconnecting', 'end', 'error']) {
      this.subscriber.on(event, () => this.distrust());
    }
    // ioredis emits "ready" before it subscribes again: confirm the
    // subscription ourselves, then reload what may have been missed.
    this.subscriber.on('ready', () => {
      void this.synchronise().catch(() => this.distrust());
    });
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
    await this.synchronise().catch(() => this.distrust());
  }

  async stop(): Promise<void> {
    this.distrust();
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.subscriber.status === 'wait') this.subscriber.disconnect();
    else if (this.subscriber.status !== 'end') await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** Whether the mirror can answer now; while not, ask Redis. */
  get isTrusted(): boolean {
    return this.trusted && this.now() - this.lastAnswerAt <= HEARTBEAT_LIMIT_MS;
  }

  /** Voided up to which second, or null; meaningful only while trusted. */
  playerRevokedUpTo(playerId: string): number | null {
    const entry = this.players.get(playerId);
    return entry ? entry.upTo : null;
  }

  sessionEnded(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  private distrust(): void {
    this.generation += 1;
    this.trusted = false;
  }

  private async synchronise(): Promise<void> {
    const generation = this.generation;
    await this.subscriber.subscribe(this.keys.channel);
    const confirmedAt = this.now();
    await this.load();
    if (generation !== this.generation) return;
    this.lastAnswerAt = Math.max(this.lastAnswerAt, confirmedAt);
    this.trusted = true;
  }

  private ping(): void {
    if (this.subscriber.status !== 'ready') return;
    // Distrusted without a reconnect (a failed reload, a late ping): try again.
    if (!this.trusted) void this.synchronise().catch(() => this.distrust());
    const sentAt = this.now();
    this.subscriber.ping().then(
      () => {
        this.lastAnswerAt = Math.max(this.lastAnswerAt, sentAt);
      },
      () => this.distrust(),
    );
  }

  /** Reads every marker in Redis; messages applied meanwhile are kept (a marker only ever tightens). */
  private async load(): Promise<void> {
    const expiresAt = this.now() + this.markerLifetimeMs;
    for (const key of await this.scan(this.keys.sessionPattern)) this.sessions.set(this.keys.sessionIdOf(key), expiresAt);
    const playerKeys = await this.scan(this.keys.playerPattern);
    for (let start = 0; start < playerKeys.length; start += SCAN_BATCH) {
      const batch = playerKeys.slice(start, start + SCAN_BATCH);
      const values = await this.redis.mget(...batch);
      batch.forEach((key, index) => {
        const value = values[index];
        if (value !== null) this.notePlayer(this.keys.playerIdOf(key), Number(value), expiresAt);
      });
    }
  }

  private async scan(pattern: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }

  private apply(payload: string): void {
    let message: RevocationMessage;
    try {
      message = JSON.parse(payload) as RevocationMessage;
    } catch {
      // A message that cannot be read may have been a revocation: stop trusting until reloaded.
      this.distrust();
      void this.synchronise().catch(() => this.distrust());
      return;
    }
    const expiresAt = this.now() + this.markerLifetimeMs;
    if ('player' in message) this.notePlayer(message.player, message.upTo, expiresAt);
    else for (const sessionId of message.sessions) this.sessions.set(sessionId, expiresAt);
  }

  private notePlayer(playerId: string, upTo: number, expiresAt: number): void {
    const known = this.players.get(playerId);
    if (!known || known.upTo <= upTo) this.players.set(playerId, { upTo, expiresAt });
  }

  /** Drops entries whose markers have expired in Redis, as the tokens they voided have. */
  private sweep(): void {
    const now = this.now();
    for (const [playerId, entry] of this.players) if (entry.expiresAt <= now) this.players.delete(playerId);
    for (const [sessionId, expiresAt] of this.sessions) if (expiresAt <= now) this.sessions.delete(sessionId);
  }
}
