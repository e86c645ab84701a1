import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

interface Message {
  readonly id?: string;
  readonly type: string;
  readonly payload?: unknown;
}

/**
 * graphql-transport-ws spoken by hand over one socket, as lean as the HTTP
 * load generator: a benchmark sends one subscribe at a time and waits for
 * the first answer to it (an event, or an error that refuses it), or
 * follows a subscription for as long as the socket lives.
 */
export class LiveSocket {
  private readonly socket: WebSocket;
  private readonly pending = new Map<string, (message: Message) => void>();
  private acked?: () => void;

  private constructor(url: string) {
    this.socket = new WebSocket(url, 'graphql-transport-ws');
    this.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Message;
      if (message.type === 'connection_ack') this.acked?.();
      else if (message.id) this.pending.get(message.id)?.(message);
    });
  }

  /** Opens `<baseUrl>/graphql/ws` and sends connection_init with `token`. */
  static async open(baseUrl: string, token: string): Promise<LiveSocket> {
    const live = new LiveSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql/ws`);
    await new Promise((resolve, reject) => live.socket.once('open', resolve).once('error', reject));
    const acked = new Promise<void>((resolve) => (live.acked = resolve));
    live.socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await acked;
    return live;
  }

  /**
   * Subscribes and resolves with the first answer's type (`next` or
   * `error`) and payload; a subscription that started is completed at once,
   * so the socket never holds more than one.
   */
  first(id: string, query: string, variables: Record<string, unknown> = {}, operationName?: string): Promise<Message> {
    return new Promise((resolve) => {
      this.pending.set(id, (message) => {
        this.pending.delete(id);
        if (message.type === 'next') this.socket.send(JSON.stringify({ id, type: 'complete' }));
        resolve(message);
      });
      this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables, operationName } }));
    });
  }

  /** Subscribes and hands every event's payload to `onNext` with its arrival time (performance.now()), until the socket closes. */
  follow(id: string, query: string, variables: Record<string, unknown>, onNext: (payload: unknown, arrivedAt: number) => void): void {
    this.pending.set(id, (message) => {
      if (message.type === 'next') onNext(message.payload, performance.now());
      else throw new Error(`subscription ${id} ended: ${JSON.stringify(message)}`);
    });
    this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
  }

  close(): void {
    this.socket.close();
  }
}
