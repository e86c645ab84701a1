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

/** Bounds how long any connection may hold a server's attention before it answers. */
export function applyHttpTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
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
