import type { IncomingMessage, ServerResponse } from 'node:http';
import { StaticFile } from './static-file';

const TEXT = 'text/plain; charset=utf-8';

/**
 * What every page the gateway serves is sent with: its own policy (each
 * page says what it may load), never inside a frame, no referrer, and
 * revalidated on each visit, since its file names carry no version; the
 * ETag makes that a 304. `nosniff` is sent on every answer of the gateway.
 */
export function pageHeaders(contentSecurityPolicy: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  };
}

/** A short plain-text answer: 404, 503, ... */
export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': TEXT }).end(`${text}\n`);
}

/**
 * Reading a known file is all a page's address allows: an unknown name is
 * 404, any method but GET and HEAD is 405, and nothing here reads a cookie
 * or changes state, so serving a page opens no way around the API's
 * request-forgery checks. A browser holding the current tag gets a 304.
 */
export function sendStaticFile(req: IncomingMessage, res: ServerResponse, file: StaticFile | undefined, headers: Record<string, string>): void {
  if (!file) {
    sendText(res, 404, 'Not found');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
    return;
  }
  const tagged = { ...headers, etag: file.etag };
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, tagged).end();
    return;
  }
  res.writeHead(200, { ...tagged, 'content-type': file.contentType, 'content-length': String(file.body.length) });
  res.end(req.method === 'HEAD' ? undefined : file.body);
}

/** A page whose files are linked relatively must be read from its folder's address: `/leaderboard?x` goes to `/leaderboard/?x`. */
export function redirectToFolder(req: IncomingMessage, res: ServerResponse, path: string): void {
  const query = (req.url ?? '').slice(path.length);
  sendText(res, 308, `Moved to ${path}/`, { location: `${path}/${query}` });
}

/** The path of a request, without its query. */
export function requestPath(req: IncomingMessage): string {
  return (req.url ?? '').split('?')[0];
}
