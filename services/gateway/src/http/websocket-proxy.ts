import { GATEWAY_CLIENT_ADDRESS_HEADER, GATEWAY_SIGNATURE_HEADER, signGatewayRequest } from '@scriptbook/platform';
import { request as httpRequest, IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import proxyAddr from 'proxy-addr';
import { GatewayConfig, proxyList } from '../gateway.config';
import { clientAddress } from './client-address';

/** Where devices open live campaign updates (graphql-ws), on the gateway's public host. */
export const LIVE_UPDATES_PATH = '/graphql/ws';

/** The WebSocket handshake headers a device's upgrade carries on to campaigns; nothing else (cookies included) crosses. */
const HANDSHAKE_HEADERS = ['sec-websocket-key', 'sec-websocket-version', 'sec-websocket-protocol', 'sec-websocket-extensions', 'user-agent', 'origin'];

/**
 * Carries WebSocket upgrades on /graphql/ws to the campaigns service, which
 * serves the `campaignChanged` subscription: Apollo Gateway cannot execute
 * subscriptions, so the socket itself is passed through. The upgrade is
 * signed like any subgraph call (empty body, the client address the
 * gateway established), so campaigns still serves only the gateway; after
 * the handshake the two sockets are piped and the gateway reads nothing.
 * The token travels inside the socket (connection_init) and campaigns checks it.
 */
export function proxyLiveUpdates(server: Server, config: GatewayConfig): void {
  const target = new URL(`${config.CAMPAIGNS_URL.replace(/\/+$/, '')}/ws`);
  const trust = proxyAddr.compile(proxyList(config.TRUSTED_PROXIES));
  const open = new Set<Duplex>();

  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] !== LIVE_UPDATES_PATH) return answer(client, 404, 'Not Found');
    const address = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trust);
    const headers: Record<string, string> = { connection: 'Upgrade', upgrade: 'websocket' };
    for (const name of HANDSHAKE_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers[GATEWAY_SIGNATURE_HEADER] = signGatewayRequest(config.GATEWAY_SIGNING_SECRET, '', address);
    headers[GATEWAY_CLIENT_ADDRESS_HEADER] = address;

    const upstream = httpRequest(target, { method: 'GET', headers, timeout: config.SUBGRAPH_TIMEOUT_MS });
    client.on('error', () => upstream.destroy());
    upstream.on('timeout', () => upstream.destroy(new Error('campaigns did not answer the upgrade in time')));
    upstream.on('error', () => answer(client, 502, 'Bad Gateway'));
    // Campaigns refused the upgrade: hand its answer to the device as is.
    upstream.on('response', (res) => {
      client.write(statusBlock(res));
      res.pipe(client);
    });
    upstream.on('upgrade', (res, socket: Socket, upstreamHead: Buffer) => {
      socket.setTimeout(0);
      client.write(statusBlock(res));
      if (upstreamHead.length > 0) client.write(upstreamHead);
      if (head.length > 0) socket.write(head);
      open.add(client);
      const close = () => {
        open.delete(client);
        socket.destroy();
        client.destroy();
      };
      socket.on('error', close).on('close', close);
      client.on('error', close).on('close', close);
      socket.pipe(client).pipe(socket);
    });
    upstream.end();
  });

  // Open sockets keep server.close() waiting; the platform's shutdown calls it first, so cut them then.
  const closeServer = server.close.bind(server);
  server.close = ((callback?: (error?: Error) => void) => {
    for (const socket of open) socket.destroy();
    return closeServer(callback);
  }) as Server['close'];
}

function statusBlock(res: IncomingMessage): string {
  const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage ?? ''}`];
  for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function answer(socket: Duplex, status: number, text: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}
