import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendHttpError } from '../errors/http-error-response';
import { metricsRegistry } from './metrics';

export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

export interface HttpTimeouts {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
}

/** Node's own sweep for overdue connections runs every 30 s unless told otherwise. */
const NODE_CONNECTIONS_CHECK_MS = 30_000;
/** Sweeping more often than this would cost more than a slow client does. */
const FASTEST_CONNECTIONS_CHECK_MS = 250;

/**
 * Bounds how long any connection may hold a server's attention before it
 * answers. Node enforces the headers and request timeouts only when it
 * sweeps its connections, every 30 s by default, so a client that never
 * finishes its headers would hold a socket for up to 30 s past the limit;
 * the sweep runs at a quarter of the headers timeout instead. Call before
 * `listen`: Node reads the interval when the server starts listening.
 */
export function applyHttpTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  const sweepMs = Math.min(NODE_CONNECTIONS_CHECK_MS, Math.max(FASTEST_CONNECTIONS_CHECK_MS, Math.floor(timeouts.headersTimeoutMs / 4)));
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = sweepMs;
}

/**
 * `/metrics` on a port of its own. The public port (what a Service or
 * ingress exposes) then never shows process internals, and the scraper is
 * allowed in by a network policy on this port alone.
 */
export async function startMetricsServer(host: string, port: number, timeouts: HttpTimeouts): Promise<MetricsServer> {
  const server = createServer((req, res) => void answer(req, res));
  applyHttpTimeouts(server, timeouts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => (server.off('error', reject), resolve()));
  });
  const { port: bound } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shownHost}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/metrics') return sendHttpError(res, 404, 'Nothing is served at this path', 'NOT_FOUND');
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendHttpError(res, 405, 'Use GET', 'BAD_REQUEST', { allow: 'GET, HEAD' });
  try {
    const body = await metricsRegistry.metrics();
    res
      .writeHead(200, {
        'content-type': metricsRegistry.contentType,
        'content-length': String(Buffer.byteLength(body)),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      })
      .end(req.method === 'HEAD' ? undefined : body);
  } catch {
    sendHttpError(res, 500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
  }
}
