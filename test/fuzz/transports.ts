import { Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { Actor } from './fuzz-world';
import { FuzzOperation } from './operations';

/** An HTTP request to the gateway's /graphql, exactly as sent. */
export interface HttpFuzzRequest {
  readonly transport: 'http';
  readonly actor: Actor;
  readonly method: string;
  /** The query string for a GET, without `?`. */
  readonly search?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** One operation over graphql-ws at the gateway's /graphql/ws, on a connection of the actor's. */
export interface SocketFuzzRequest {
  readonly transport: 'socket';
  readonly actor: Actor;
  readonly payload: { readonly query: string; readonly variables?: Record<string, unknown>; readonly operationName?: string };
  /** The connection_init payload, when it is what is being fuzzed; otherwise the actor's token. */
  readonly connectionParams?: unknown;
}

/** Protocol messages written straight onto a fresh socket, for what no graphql-ws client would send. */
export interface RawSocketFuzzRequest {
  readonly transport: 'raw-socket';
  readonly actor: Actor;
  readonly messages: readonly string[];
}

export type FuzzRequest = HttpFuzzRequest | SocketFuzzRequest | RawSocketFuzzRequest;

/** A GraphQL result as it arrived: over HTTP the body, over a socket each `next` or `error` payload. */
export interface ResultShape {
  readonly data?: unknown;
  readonly errors?: unknown;
  readonly [key: string]: unknown;
}

export interface Answer {
  readonly elapsedMs: number;
  /** Set when nothing came back in time, or the connection failed. */
  readonly noAnswer?: string;
  readonly status?: number;
  readonly text?: string;
  /** The results carried; a body that is not JSON is reported as text and carries none. */
  readonly results: readonly ResultShape[];
  readonly closed?: { readonly code: number; readonly reason: string };
}

/** How long a raw socket may stay silent before what it said counts as its whole answer. */
const RAW_SOCKET_QUIET_MS = 500;

const JSON_HEADERS = { 'content-type': 'application/json' };

function authorization(actor: Actor): Record<string, string> {
  return actor.token ? { authorization: `Bearer ${actor.token}` } : {};
}

/** The operation as a generated client posts it. */
export function post(actor: Actor, operation: Pick<FuzzOperation, 'query' | 'variables' | 'operationName'>): HttpFuzzRequest {
  const body = JSON.stringify({ query: operation.query, variables: operation.variables, operationName: operation.operationName });
  return { transport: 'http', actor, method: 'POST', headers: { ...JSON_HEADERS, ...authorization(actor) }, body };
}

/** The operation as a GET, with the header Apollo's CSRF check asks for. */
export function get(actor: Actor, operation: Pick<FuzzOperation, 'query' | 'variables' | 'operationName'>): HttpFuzzRequest {
  const search = new URLSearchParams({ query: operation.query });
  if (operation.variables && Object.keys(operation.variables).length > 0) search.set('variables', JSON.stringify(operation.variables));
  if (operation.operationName) search.set('operationName', operation.operationName);
  return { transport: 'http', actor, method: 'GET', search: search.toString(), headers: { 'apollo-require-preflight': 'true', ...authorization(actor) } };
}

export function overSocket(actor: Actor, operation: Pick<FuzzOperation, 'query' | 'variables' | 'operationName'>): SocketFuzzRequest {
  return { transport: 'socket', actor, payload: { query: operation.query, variables: operation.variables, operationName: operation.operationName } };
}

/** Sends fuzz requests to one gateway, each with a deadline; a late answer counts as none. */
export class Transports {
  private readonly clients = new Map<string, Client>();

  constructor(
    private readonly gatewayUrl: string,
    private readonly deadlineMs: number,
  ) {}

  get socketUrl(): string {
    return `${this.gatewayUrl.replace(/^http/, 'ws')}/graphql/ws`;
  }

  send(request: FuzzRequest): Promise<Answer> {
    if (request.transport === 'http') return this.http(request);
    if (request.transport === 'socket') return this.socket(request);
    return this.rawSocket(request);
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((client) => client.dispose()));
    this.clients.clear();
  }

  private async http(request: HttpFuzzRequest): Promise<Answer> {
    const started = performance.now();
    const url = `${this.gatewayUrl}/graphql${request.search ? `?${request.search}` : ''}`;
    try {
      const response = await fetch(url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(this.deadlineMs) });
      const text = await response.text();
      const elapsedMs = performance.now() - started;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return { elapsedMs, status: response.status, text, results: [] };
      }
      const results = Array.isArray(parsed) ? (parsed as ResultShape[]) : [parsed as ResultShape];
      return { elapsedMs, status: response.status, text, results };
    } catch (error) {
      return { elapsedMs: performance.now() - started, noAnswer: describeFailure(error, this.deadlineMs), results: [] };
    }
  }

  private clientFor(actor: Actor, connectionParams: unknown): { client: Client; key: string } {
    const params = connectionParams ?? (actor.token ? { authorization: `Bearer ${actor.token}` } : {});
    const key = JSON.stringify(params) ?? 'undefined';
    let client = this.clients.get(key);
    if (!client) {
      client = createClient({
        url: this.socketUrl,
        webSocketImpl: WebSocket,
        connectionParams: params as Record<string, unknown>,
        retryAttempts: 0,
        lazy: true,
        lazyCloseTimeout: 5_000,
      });
      this.clients.set(key, client);
    }
    return { client, key };
  }

  private socket(request: SocketFuzzRequest): Promise<Answer> {
    const started = performance.now();
    const { client, key } = this.clientFor(request.actor, request.connectionParams);
    const results: ResultShape[] = [];
    return new Promise<Answer>((resolve) => {
      let unsubscribe: () => void = () => undefined;
      let settled = false;
      const finish = (extra: Partial<Answer> = {}) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        unsubscribe();
        resolve({ elapsedMs: performance.now() - started, results, ...extra });
      };
      const timer = setTimeout(() => finish({ noAnswer: `no message within ${this.deadlineMs} ms` }), this.deadlineMs);
      unsubscribe = client.subscribe(request.payload as { query: string }, {
        // The first result is the answer: a subscription's first event states where the campaign is.
        next: (result) => {
          results.push(result as ResultShape);
          finish();
        },
        error: (error: unknown) => {
          if (Array.isArray(error)) {
            results.push({ errors: error });
            return finish();
          }
          // The connection itself ended: a fresh one serves the next request.
          this.clients.delete(key);
          void client.dispose();
          const close = error as { code?: number; reason?: string; message?: string };
          if (typeof close.code === 'number') return finish({ closed: { code: close.code, reason: close.reason ?? '' } });
          finish({ noAnswer: `socket failed: ${close.message ?? String(error)}` });
        },
        complete: () => finish(),
      });
    });
  }

  private rawSocket(request: RawSocketFuzzRequest): Promise<Answer> {
    const started = performance.now();
    const results: ResultShape[] = [];
    const socket = new WebSocket(this.socketUrl, 'graphql-transport-ws');
    return new Promise<Answer>((resolve) => {
      let settled = false;
      const finish = (extra: Partial<Answer> = {}) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.removeAllListeners();
        socket.on('error', () => undefined);
        socket.terminate();
        resolve({ elapsedMs: performance.now() - started, results, ...extra });
      };
      // A socket the server keeps open after junk is not a failure: what it said until it fell quiet is the answer.
      let timer = setTimeout(() => finish({ noAnswer: `no upgrade within ${this.deadlineMs} ms` }), this.deadlineMs);
      const quiet = () => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(), RAW_SOCKET_QUIET_MS);
      };
      // After a connection_init the rest waits for the server's ack, as the protocol asks; what comes before one is sent at once.
      const pending = [...request.messages];
      const sendUntilInit = () => {
        while (pending.length > 0) {
          const message = pending.shift()!;
          socket.send(message);
          if (/^\{"type":"connection_init"/.test(message)) break;
        }
        quiet();
      };
      socket.on('open', sendUntilInit);
      socket.on('message', (data) => {
        quiet();
        try {
          const message = JSON.parse(String(data)) as { type?: string; payload?: unknown };
          if (message.type === 'connection_ack') sendUntilInit();
          if (message.type === 'next') results.push(message.payload as ResultShape);
          if (message.type === 'error') results.push({ errors: message.payload });
        } catch {
          results.push({ errors: [{ message: `not JSON: ${String(data).slice(0, 80)}` }] });
        }
      });
      socket.on('unexpected-response', (_req, res) => finish({ status: res.statusCode }));
      socket.on('close', (code, reason) => finish({ closed: { code, reason: String(reason) } }));
      socket.on('error', (error) => finish({ noAnswer: `socket failed: ${error.message}` }));
    });
  }
}

function describeFailure(error: unknown, deadlineMs: number): string {
  const named = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (named.name === 'TimeoutError' || named.name === 'AbortError') return `no answer within ${deadlineMs} ms`;
  return `connection failed: ${named.cause?.code ?? named.cause?.message ?? named.message ?? String(error)}`;
}
