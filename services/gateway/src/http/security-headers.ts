import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Headers every answer of the process carries, whichever handler writes
 * it: `nosniff`, so a browser never reads a JSON answer as a script or a
 * page. Registered first, so it runs before any handler writes.
 */
export function sendSecurityHeadersOnEveryAnswer(server: Server): void {
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('x-content-type-options', 'nosniff');
  });
}
