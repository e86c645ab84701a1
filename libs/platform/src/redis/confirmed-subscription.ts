import type { RedisClient } from './redis-connection';

/**
 * A connection can die without closing (a frozen server, a dropped route):
 * the subscriber pings this often, and the subscription counts as live only
 * while the last answer is younger than `HEARTBEAT_LIMIT_MS`. A ping's answer
 * comes after every message published before it, so that bounds how long a
 * silently lost message can go unnoticed.
 */
const HEARTBEAT_INTERVAL_MS = 500;
const HEARTBEAT_LIMIT_MS = 1_500;

export interface ConfirmedSubscriptionHandlers {
  /** Each message published on the channel. */
  message(payload: string): void;
  /**
   * Runs after every subscription is confirmed, before it counts as live:
   * bring what the messages keep current up to date (reload it, or drop it).
   */
  resync(): Promise<void>;
  /** Messages may have been lost from now on (close, reconnect, error, a failed resync). */
  lost?(): void;
}

/**
 * One Redis pub/sub channel whose messages an in-process copy relies on,
 * with an honest answer to "have I heard everything?": live from the moment
 * the subscription is confirmed and `resync` has run after it, until any
 * sign that messages may have been lost, then live again only after the
 * next confirmed subscription and resync. A process answers from its copy
 * while `isLive` and asks the source of truth otherwise.
 */
export class ConfirmedSubscription {
  private live = false;
  private started = false;
  /** Bumped on every loss, so a resync that raced one does not make the subscription live. */
  private generation = 0;
  private heartbeat?: NodeJS.Timeout;
  private lastAnswerAt = 0;

  constructor(
    private readonly subscriber: RedisClient,
    private readonly channel: string,
    private readonly handlers: ConfirmedSubscriptionHandlers,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.channel) this.handlers.message(payload);
    });
    for (const event of ['close', 'reconnecting', 'end', 'error']) {
      this.subscriber.on(event, () => this.distrust());
    }
    // ioredis emits "ready" before it subscribes again: confirm the
    // subscription ourselves, then resync what may have been missed.
    this.subscriber.on('ready', () => {
      void this.synchronise().catch(() => this.distrust());
    });
    this.heartbeat = setInterval(() => this.ping(), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
    await this.synchronise().catch(() => this.distrust());
  }

  async stop(): Promise<void> {
    this.distrust();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.subscriber.status === 'wait') this.subscriber.disconnect();
    else if (this.subscriber.status !== 'end') await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  /** Whether every message published since the last resync has been handled. */
  get isLive(): boolean {
    return this.live && this.now() - this.lastAnswerAt <= HEARTBEAT_LIMIT_MS;
  }

  /** Stops counting as live, then confirms and resyncs again: for a message that could not be read. */
  resynchronise(): void {
    this.distrust();
    void this.synchronise().catch(() => this.distrust());
  }

  private distrust(): void {
    this.generation += 1;
    this.live = false;
    this.handlers.lost?.();
  }

  private async synchronise(): Promise<void> {
    const generation = this.generation;
    await this.subscriber.subscribe(this.channel);
    const confirmedAt = this.now();
    await this.handlers.resync();
    if (generation !== this.generation) return;
    this.lastAnswerAt = Math.max(this.lastAnswerAt, confirmedAt);
    this.live = true;
  }

  private ping(): void {
    if (this.subscriber.status !== 'ready') return;
    // Not live without a reconnect (a failed resync, a late ping): try again.
    if (!this.live) void this.synchronise().catch(() => this.distrust());
    const sentAt = this.now();
    this.subscriber.ping().then(
      () => {
        this.lastAnswerAt = Math.max(this.lastAnswerAt, sentAt);
      },
      () => this.distrust(),
    );
  }
}
