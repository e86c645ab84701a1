import WebSocket from 'ws';
import { graphql } from '@scriptbook/platform/testing/graphql-client';

const FOLLOW = 'subscription($id: ID!) { campaignChanged(campaignId: $id) { campaignId fromVersion version } }';
const PULL = 'query($id: ID!, $since: Int!) { campaignChanges(campaignId: $id, sinceVersion: $since) { changes { version } hasMore } }';

/** One event of a subscription: the versions after `fromVersion` up to `version`. */
export interface VersionEvent {
  readonly fromVersion: number;
  readonly version: number;
}

/**
 * A screen that only watches a campaign, as a device does it: it follows
 * `campaignChanged` over graphql-ws, opens a new socket with a fresh token
 * whenever the old one ends (a gateway or replica killed, a token
 * expired), and pulls `campaignChanges` for the versions between two
 * subscriptions. It keeps every subscription's events apart, so a test can
 * check the live promise itself (events in order, each starting where the
 * previous ended) and tell the versions heard live from those pulled.
 */
export class LiveFollower {
  /** Each subscription's events, in arrival order; the last may still be growing. */
  readonly subscriptions: VersionEvent[][] = [];
  /** The versions pulled between subscriptions. */
  readonly pulled: number[] = [];
  private socket: WebSocket | null = null;
  private running = true;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly campaignId: string,
    private readonly token: () => Promise<string>,
  ) {}

  start(): void {
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.socket?.terminate();
    await this.loop;
  }

  /** The highest version up to which it has seen every version, heard or pulled. */
  get seenUpTo(): number {
    const seen = new Set([...this.heard, ...this.pulled]);
    let version = 0;
    while (seen.has(version + 1)) version += 1;
    return version;
  }

  /** Versions heard live: those after each event's `fromVersion` up to its `version`. */
  get heard(): number[] {
    const versions: number[] = [];
    for (const event of this.subscriptions.flat()) for (let v = event.fromVersion + 1; v <= event.version; v += 1) versions.push(v);
    return versions;
  }

  private async follow(): Promise<void> {
    while (this.running) {
      const before = this.seenUpTo;
      const events: VersionEvent[] = [];
      this.subscriptions.push(events);
      try {
        await this.subscribeOnce(events, async (first) => {
          if (first.version > before) await this.pull(before, first.version);
        });
      } catch {
        // The socket could not open or ended: open another, as a device's client does.
      }
      if (events.length === 0) this.subscriptions.splice(this.subscriptions.indexOf(events), 1);
      if (this.running) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** One socket, one subscription, until either ends; `onFirst` runs on the first event (where the campaign stood). */
  private subscribeOnce(events: VersionEvent[], onFirst: (first: VersionEvent) => Promise<void>): Promise<void> {
    return this.token().then(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(`${this.baseUrl.replace(/^http/, 'ws')}/graphql/ws`, 'graphql-transport-ws');
          this.socket = socket;
          socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
          socket.on('message', (data) => {
            const message = JSON.parse(String(data)) as { type: string; payload?: { data?: { campaignChanged: VersionEvent } } };
            if (message.type === 'connection_ack') {
              socket.send(JSON.stringify({ id: 'follow', type: 'subscribe', payload: { query: FOLLOW, variables: { id: this.campaignId } } }));
            } else if (message.type === 'next' && message.payload?.data) {
              const { fromVersion, version } = message.payload.data.campaignChanged;
              events.push({ fromVersion, version });
              if (events.length === 1) onFirst(events[0]).catch(() => socket.terminate());
            } else if (message.type === 'error' || message.type === 'complete') {
              socket.close();
            }
          });
          socket.on('error', reject);
          socket.on('close', () => resolve());
        }),
    );
  }

  /** The changes after `from` up to `to`, page by page; a failed pull ends the socket, so the next subscription pulls again. */
  private async pull(from: number, to: number): Promise<void> {
    let since = from;
    while (since < to) {
      const answer = await graphql(this.baseUrl, PULL, { id: this.campaignId, since }, await this.token());
      const page = answer.data?.campaignChanges as { changes: { version: number }[]; hasMore: boolean } | undefined;
      if (!page) throw new Error(`a pull failed: ${JSON.stringify(answer.errors)}`);
      for (const { version } of page.changes) if (version <= to) this.pulled.push(version);
      if (page.changes.length === 0) return;
      since = page.changes[page.changes.length - 1].version;
      if (!page.hasMore) return;
    }
  }
}
