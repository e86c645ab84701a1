import { Client, createClient } from 'graphql-ws';
import { Clock, sleep, TimerHandle } from '../clock';
import { ApiError, NotSignedInError, ScriptbookError } from '../errors';
import { SdkCampaignChanged, SdkCampaignChangedSubscription } from '../generated/live-operations';
import { backoffDelay, BackoffPolicy } from '../replica/backoff';
import type { SyncStatus } from '../replica/sync-status';
import type { SessionManager } from '../session/session';

/** What a followed campaign hears: the version the server is at, and whether it is being followed live. */
export interface LiveTarget {
  readonly id: string;
  liveEvent(version: number): void;
  setLive(live: SyncStatus['live']): void;
  /** The server refused to follow it (not found for this player): the replica's next pull tells why. */
  resume(): void;
}

export interface LiveOptions {
  /** The graphql-ws endpoint, `wss://<host>/graphql/ws`. */
  readonly url: string;
  /** The WebSocket class (graphql-ws's `webSocketImpl`); the platform's when undefined. */
  readonly webSocket: unknown;
  readonly session: SessionManager;
  readonly clock: Clock;
  readonly random: () => number;
  readonly backoff: BackoffPolicy;
}

interface Follow {
  readonly target: LiveTarget;
  /** Ends the current subscription; replaced at every (re)subscription. */
  stop: () => void;
  /** Bumped at every (re)subscription, so a superseded subscription's end is ignored. */
  generation: number;
  failures: number;
  retry: TimerHandle | null;
}

interface CloseEventLike {
  readonly code: number;
  readonly reason: string;
}

const isCloseEvent = (value: unknown): value is CloseEventLike =>
  value !== null && typeof value === 'object' && typeof (value as CloseEventLike).code === 'number' && typeof (value as CloseEventLike).reason === 'string';

/** graphql-ws closes a connection whose token stopped holding with 4401, the rule as its reason. */
const UNAUTHORIZED_CLOSE = 4401;

/**
 * Live updates over graphql-ws: one connection for every followed
 * campaign. Each connection reads the access token current when it opens
 * (`connectionParams` as a function). When a subscription ends for its
 * token (an UNAUTHENTICATED error, a 4401 close), an expired token is
 * refreshed and the campaign followed again; a refresh ahead of expiry
 * opens a new connection before the old one is dropped. Every first event
 * says where the campaign stands, so a replica behind it pulls what it
 * missed: nothing is lost across a gap.
 */
export class LiveUpdates {
  private client: Client;
  private readonly tokenOf = new WeakMap<Client, string>();
  private readonly follows = new Map<string, Follow>();
  private refreshTimer: TimerHandle | null = null;
  private readonly unlisten: () => void;
  private ids = 0;
  private closed = false;

  constructor(private readonly options: LiveOptions) {
    this.client = this.connect();
    this.unlisten = options.session.changes.on((event) => {
      if (event.kind === 'refreshed' || event.kind === 'adopted' || event.kind === 'signed-in') this.rotate();
    });
  }

  /** Follows the campaign until the returned function is called. */
  follow(target: LiveTarget): () => void {
    this.unfollow(target.id);
    const follow: Follow = { target, stop: () => undefined, generation: 0, failures: 0, retry: null };
    this.follows.set(target.id, follow);
    this.subscribe(follow);
    this.scheduleRefresh();
    return () => this.unfollow(target.id);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of [...this.follows.keys()]) this.unfollow(id);
    this.unlisten();
    if (this.refreshTimer !== null) this.options.clock.clearTimeout(this.refreshTimer);
    await disposeQuietly(this.client);
  }

  private connect(): Client {
    const client: Client = createClient({
      url: this.options.url,
      webSocketImpl: this.options.webSocket,
      lazy: true,
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: (retries) => sleep(this.options.clock, backoffDelay(retries + 1, this.options.backoff, this.options.random)),
      generateID: () => `follow-${(this.ids += 1)}`,
      connectionParams: async () => {
        const token = await this.options.session.accessToken();
        this.tokenOf.set(client, token);
        return { authorization: `Bearer ${token}` };
      },
      on: {
        // A dropped socket is reopened by graphql-ws itself; until its first event the campaigns are not followed live.
        closed: () => {
          if (client !== this.client) return;
          for (const follow of this.follows.values()) follow.target.setLive('connecting');
        },
      },
    });
    return client;
  }

  private subscribe(follow: Follow): void {
    if (this.closed) return;
    follow.generation += 1;
    const generation = follow.generation;
    const client = this.client;
    const current = () => this.follows.get(follow.target.id) === follow && follow.generation === generation;
    follow.target.setLive('connecting');
    const previous = follow.stop;
    follow.stop = client.subscribe<SdkCampaignChangedSubscription>(
      { query: SdkCampaignChanged.text, operationName: SdkCampaignChanged.name, variables: { campaignId: follow.target.id } },
      {
        next: (result) => {
          if (!current()) return;
          if (result.errors?.length) return void this.ended(follow, client, result.errors as readonly ApiError[]);
          if (!result.data) return;
          follow.failures = 0;
          follow.target.setLive('following');
          follow.target.liveEvent(result.data.campaignChanged.version);
        },
        error: (error) => {
          if (current()) void this.ended(follow, client, error);
        },
        complete: () => {
          if (current()) void this.ended(follow, client, null);
        },
      },
    );
    // The new subscription is asked for before the old one goes, so the campaign is never left unfollowed.
    previous();
  }

  /** A subscription ended: follow again, after a refresh or a sign-in when its token was the reason. */
  private async ended(follow: Follow, client: Client, reason: unknown): Promise<void> {
    const generation = follow.generation;
    follow.target.setLive('connecting');
    const refusal = this.refusalOf(reason);
    if (refusal?.code === 'UNAUTHENTICATED') {
      const token = this.tokenOf.get(client);
      try {
        if (refusal.rule === 'access-token-expired' && token !== undefined) await this.options.session.refresh(token);
        else if (token !== undefined) await this.options.session.refused(refusal, token);
      } catch {
        // A refresh that found no network is retried below; a refused one has signed the device out.
      }
    }
    if (refusal?.code === 'NOT_FOUND') {
      // Not this player's campaign (any longer): the replica's own pull says so in its status.
      follow.target.setLive('off');
      follow.target.resume();
      return;
    }
    // A new session has already followed it again (the refresh above rotates the connection).
    if (follow.generation !== generation) return;
    if (!this.options.session.current || reason instanceof NotSignedInError) {
      // Followed again by the rotation a new sign-in brings.
      follow.target.setLive('off');
      return;
    }
    this.retryLater(follow, refusal?.code === 'UNAUTHENTICATED' ? 0 : undefined);
  }

  private refusalOf(reason: unknown): ScriptbookError | null {
    if (isCloseEvent(reason) && reason.code === UNAUTHORIZED_CLOSE) {
      return new ScriptbookError([{ message: `The live connection was closed: ${reason.reason}`, extensions: { code: 'UNAUTHENTICATED', field: 'authorization', rule: reason.reason } }]);
    }
    if (Array.isArray(reason) && reason.length > 0) return new ScriptbookError(reason as ApiError[]);
    return null;
  }

  private retryLater(follow: Follow, delayMs?: number): void {
    if (this.closed || this.follows.get(follow.target.id) !== follow) return;
    follow.failures += 1;
    const delay = delayMs ?? backoffDelay(follow.failures, this.options.backoff, this.options.random);
    if (follow.retry !== null) this.options.clock.clearTimeout(follow.retry);
    follow.retry = this.options.clock.setTimeout(() => {
      follow.retry = null;
      this.subscribe(follow);
    }, delay);
  }

  /**
   * A new session (refreshed here or in another tab, or a new sign-in): an
   * open connection keeps the old token until it ends, so every campaign is
   * followed again on a new connection, and then the old one is dropped.
   */
  private rotate(): void {
    if (this.closed) return;
    const old = this.client;
    this.client = this.connect();
    for (const follow of this.follows.values()) {
      if (follow.retry !== null) this.options.clock.clearTimeout(follow.retry);
      follow.retry = null;
      this.subscribe(follow);
    }
    void disposeQuietly(old);
    this.scheduleRefresh();
  }

  /** While anything is followed, the session is refreshed ahead of expiry, which rotates the connection without a gap. */
  private scheduleRefresh(): void {
    if (this.refreshTimer !== null) this.options.clock.clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
    const due = this.options.session.refreshDue;
    if (this.closed || this.follows.size === 0 || due === null) return;
    this.refreshTimer = this.options.clock.setTimeout(
      () => {
        this.refreshTimer = null;
        this.options.session.refresh().catch(() => this.scheduleRefreshSoon());
      },
      Math.max(0, due - this.options.clock.now()),
    );
  }

  private scheduleRefreshSoon(): void {
    if (this.closed || this.follows.size === 0) return;
    this.refreshTimer = this.options.clock.setTimeout(() => {
      this.refreshTimer = null;
      this.scheduleRefresh();
    }, 5_000);
  }

  private unfollow(id: string): void {
    const follow = this.follows.get(id);
    if (!follow) return;
    this.follows.delete(id);
    if (follow.retry !== null) this.options.clock.clearTimeout(follow.retry);
    follow.stop();
    follow.target.setLive('off');
    if (this.follows.size === 0 && this.refreshTimer !== null) {
      this.options.clock.clearTimeout(this.refreshTimer);
      this.refreshTimer = null;
    }
  }
}

/**
 * graphql-ws's `dispose` waits for the connection being opened, and rejects
 * with its close event when that attempt is given up (a retry with no
 * subscription left: "All Subscriptions Gone"). A client being dropped has
 * nothing left to tell, and an unheard rejection would end a Node app.
 */
function disposeQuietly(client: Client): Promise<void> {
  return Promise.resolve(client.dispose()).catch(() => undefined);
}
