import type { InProcessServer } from './in-process-server';
import type { VirtualClock } from './virtual-clock';

/**
 * The campaigns service's live socket for tests, as docs/sync.md describes
 * it, speaking graphql-transport-ws to the real graphql-ws client: the token
 * from `connection_init` is checked at every subscribe; the first event
 * says where the campaign stands, later ones follow every commit; a
 * subscription ends at its token's expiry with `access-token-expired`, and
 * an UNAUTHENTICATED end closes the socket with 4401.
 */
interface Follower {
  readonly socket: FakeSocket;
  readonly id: string;
  readonly campaignId: string;
  expiry: unknown;
}

export class FakeLiveServer {
  readonly sockets: FakeSocket[] = [];
  readonly connectionTokens: (string | undefined)[] = [];
  private readonly followers = new Set<Follower>();

  constructor(
    private readonly server: InProcessServer,
    private readonly clock: VirtualClock,
    private readonly tokenExpiry: (token: string) => number | null,
  ) {
    server.onCommit = (campaignId, fromVersion, version) => {
      for (const follower of this.followers) if (follower.campaignId === campaignId) follower.socket.deliver({ id: follower.id, type: 'next', payload: { data: { campaignChanged: { campaignId, fromVersion, version } } } });
    };
  }

  /** While set, a new socket reaches nothing: it closes with 1006 without opening, as when the server is down. */
  unreachable = false;

  /** A WebSocket class whose sockets connect to this server. */
  socketClass(): unknown {
    const live = this;
    return class extends FakeSocket {
      constructor(url: string, protocol: string) {
        super(live, url, protocol);
      }
    };
  }

  /** Drops every open socket, as a network change would (close code 1006). */
  dropAll(): void {
    for (const socket of this.sockets) if (socket.readyState === FakeSocket.OPEN) socket.serverClose(1006, 'Connection lost');
  }

  get following(): number {
    return this.followers.size;
  }

  /** @internal */
  received(socket: FakeSocket, message: { type: string; id?: string; payload?: { authorization?: string; query?: string; variables?: { campaignId?: string } } }): void {
    if (message.type === 'connection_init') {
      socket.authorization = message.payload?.authorization;
      this.connectionTokens.push(socket.authorization?.replace(/^Bearer /, ''));
      socket.deliver({ type: 'connection_ack' });
      return;
    }
    if (message.type === 'complete') {
      for (const follower of this.followers) if (follower.socket === socket && follower.id === message.id) this.end(follower);
      return;
    }
    if (message.type !== 'subscribe') return;
    const id = message.id!;
    const campaignId = message.payload!.variables!.campaignId!;
    try {
      this.server.playerOf(socket.authorization);
    } catch (error) {
      const refusal = error as { code: string; field?: string; rule?: string; message: string };
      this.refuse(socket, id, refusal);
      return;
    }
    const campaign = this.server.campaigns.get(campaignId);
    if (!campaign) {
      socket.deliver({ id, type: 'error', payload: [{ message: 'No such campaign', extensions: { code: 'NOT_FOUND', field: 'campaignId', rule: 'exists' } }] });
      return;
    }
    const follower: Follower = { socket, id, campaignId, expiry: null };
    this.followers.add(follower);
    const token = socket.authorization!.replace(/^Bearer /, '');
    const expiresAt = this.tokenExpiry(token);
    if (expiresAt !== null) {
      follower.expiry = this.clock.setTimeout(() => {
        this.end(follower);
        this.refuse(socket, id, { code: 'UNAUTHENTICATED', field: 'authorization', rule: 'access-token-expired', message: 'The access token has expired' });
      }, expiresAt - this.clock.now());
    }
    socket.deliver({ id, type: 'next', payload: { data: { campaignChanged: { campaignId, fromVersion: campaign.version, version: campaign.version } } } });
  }

  private refuse(socket: FakeSocket, id: string, refusal: { code: string; field?: string; rule?: string; message: string }): void {
    socket.deliver({ id, type: 'error', payload: [{ message: refusal.message, extensions: { code: refusal.code, field: refusal.field, rule: refusal.rule } }] });
    if (refusal.code === 'UNAUTHENTICATED') socket.serverClose(4401, refusal.rule ?? 'Unauthorized');
  }

  /** @internal */
  closed(socket: FakeSocket): void {
    for (const follower of this.followers) if (follower.socket === socket) this.end(follower);
  }

  private end(follower: Follower): void {
    this.followers.delete(follower);
    if (follower.expiry !== null) this.clock.clearTimeout(follower.expiry);
  }
}

export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = FakeSocket.CONNECTING;
  authorization: string | undefined;
  /** How it was closed, by either end. */
  closeCode: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    private readonly live: FakeLiveServer,
    readonly url: string,
    readonly protocol: string,
  ) {
    live.sockets.push(this);
    void Promise.resolve().then(() => {
      if (this.readyState !== FakeSocket.CONNECTING) return;
      if (this.live.unreachable) return this.serverClose(1006, 'Connection refused');
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    });
  }

  send(data: string): void {
    if (this.readyState !== FakeSocket.OPEN) return;
    const message = JSON.parse(data) as Parameters<FakeLiveServer['received']>[1];
    void Promise.resolve().then(() => this.live.received(this, message));
  }

  close(code = 1000, reason = ''): void {
    this.serverClose(code, reason);
  }

  /** @internal */
  deliver(message: unknown): void {
    if (this.readyState !== FakeSocket.OPEN) return;
    const data = JSON.stringify(message);
    void Promise.resolve().then(() => {
      if (this.readyState === FakeSocket.OPEN) this.onmessage?.({ data });
    });
  }

  /** @internal */
  serverClose(code: number, reason: string): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.closeCode = code;
    this.live.closed(this);
    void Promise.resolve().then(() => this.onclose?.({ code, reason, wasClean: code === 1000 }));
  }
}
