import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';

/**
 * Serves one path straight from Node's HTTP server, ahead of Express; every
 * other request still goes through Nest as before. For the gateway's
 * `/graphql`, Express's router, body parser and response helpers cost about
 * a third of its throughput (docs/benchmarks.md); campaigns' file upload
 * reads its body as a stream, which the JSON body parser every service
 * installs would otherwise read whole first (and refuse past its limit).
 * None of Nest's request features (guards, pipes, interceptors, the
 * exception filter, the nosniff header) apply to a path served this way: the
 * handler answers everything itself. The path registered last is matched
 * first. Must be called before the app listens.
 */
export function serveAheadOfExpress(
  app: NestExpressApplication,
  path: string,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { readonly withSubpaths?: boolean } = {},
): void {
  const server = app.getHttpServer() as Server;
  const [express, ...others] = server.listeners('request') as RequestListener[];
  if (!express || others.length > 0) throw new Error('expected exactly one request listener, the Express app');
  server.removeListener('request', express);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (isPath(req.url, path, options.withSubpaths ?? false)) handler(req, res);
    else express(req, res);
  });
}

function isPath(url: string | undefined, path: string, withSubpaths: boolean): boolean {
  if (!url?.startsWith(path)) return false;
  const next = url.charAt(path.length);
  return next === '' || next === '?' || (withSubpaths && next === '/');
}
