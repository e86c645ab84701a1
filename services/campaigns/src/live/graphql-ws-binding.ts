import { CloseCode, handleProtocols, makeServer, ServerOptions } from 'graphql-ws';
import type { Logger } from '@scriptbook/platform';
import type { IncomingMessage } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { overRate, SocketMessageRate } from './socket-message-rate';

export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
}

/** How often an idle socket is pinged; one that misses a pong for as long again is dropped. */
const KEEP_ALIVE_MS = 12_000;

export interface SocketLimits {
  /** Messages one socket may send per second; over it, see `overRate`. 0: no limit. */
  readonly messagesPerSecond: number;
}

/**
 * graphql-ws's protocol on a `ws` server. The package's own `use/ws`
 * binding does the same, but it is published only through export
 * conditions this project's module resolution does not read, and it logs
 * to the console rather than the service's logger. Each socket's messages
 * are counted here, before graphql-ws reads them.
 */
export function serveGraphQLWs<P extends Record<string, unknown>>(
  options: ServerOptions<P, SocketExtra>,
  sockets: WebSocketServer,
  logger: Logger,
  limits: SocketLimits = { messagesPerSecond: 0 },
): void {
  const server = makeServer<P, SocketExtra>(options);
  sockets.options.handleProtocols = handleProtocols;
  sockets.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    socket.once('error', (error) => {
      logger.warn({ err: error }, 'live socket failed');
      socket.close(CloseCode.InternalServerError, 'Internal server error');
    });
    const rate = new SocketMessageRate(limits.messagesPerSecond);
    let pongWait: NodeJS.Timeout | null = null;
    const ping = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
      socket.once('pong', () => {
        if (pongWait) clearTimeout(pongWait);
        pongWait = null;
      });
      socket.ping();
    }, KEEP_ALIVE_MS);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            const text = String(data);
            if (!rate.admit()) {
              const { reply, handle: stillHandled } = overRate(text, limits.messagesPerSecond);
              if (reply && socket.readyState === socket.OPEN) socket.send(reply);
              if (!stillHandled) return;
            }
            try {
              await handle(text);
            } catch (error) {
              logger.error({ err: error }, 'live message handling failed');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            }
          }),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => {
      if (pongWait) clearTimeout(pongWait);
      clearInterval(ping);
      void closed(code, String(reason));
    });
  });
}
