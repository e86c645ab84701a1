import WebSocket from 'ws';
import type { Connectivity, FetchLike } from '@scriptbook/client/node';

/** A device's network: online or not, its requests in flight cut off and its live sockets dropped when it goes offline. */
export class DeviceNetwork implements Connectivity {
  online = true;
  private cut = new AbortController();
  private readonly sockets = new Set<WebSocket>();
  private readonly backOnline = new Set<() => void>();

  readonly fetch: FetchLike = async (url, init) => {
    if (!this.online) throw new TypeError('fetch failed: offline');
    const signal = init.signal ? AbortSignal.any([init.signal as AbortSignal, this.cut.signal]) : this.cut.signal;
    return fetch(url, { ...init, signal });
  };

  /** The WebSocket class the device's client uses: while offline, it reaches nothing. */
  readonly webSocket = (() => {
    const network = this;
    return class DeviceSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(network.online ? address : 'ws://127.0.0.1:9/graphql/ws', protocols);
        network.sockets.add(this);
        this.once('close', () => network.sockets.delete(this));
      }
    };
  })();

  onOnline(listener: () => void): () => void {
    this.backOnline.add(listener);
    return () => this.backOnline.delete(listener);
  }

  goOffline(): void {
    this.online = false;
    this.cut.abort(new TypeError('fetch failed: offline'));
    this.cut = new AbortController();
    for (const socket of this.sockets) socket.terminate();
  }

  goOnline(): void {
    this.online = true;
    for (const listener of this.backOnline) listener();
  }
}
