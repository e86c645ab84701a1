import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pageHeaders, redirectToFolder, requestPath, sendStaticFile } from './static-answers';
import { STATIC_CONTENT_TYPES, staticFile } from './static-file';

/** The answers every static page of the gateway shares, over real HTTP on a loopback port. */
describe('static page answers', () => {
  const file = staticFile(STATIC_CONTENT_TYPES['.js'], Buffer.from('export const answer = 42;\n'));
  const headers = pageHeaders("default-src 'self'");
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = requestPath(req);
      if (path === '/page') redirectToFolder(req, res, '/page');
      else sendStaticFile(req, res, path === '/page/main.js' ? file : undefined, headers);
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it('sends a known file with its type, length, tag and the page headers; HEAD without the body', async () => {
    const got = await fetch(`${origin}/page/main.js`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(got.headers.get('content-length')).toBe(String(file.body.length));
    expect(got.headers.get('etag')).toBe(file.etag);
    expect(got.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(got.headers.get('cache-control')).toBe('no-cache');
    expect(await got.text()).toBe('export const answer = 42;\n');
    const head = await fetch(`${origin}/page/main.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers a current tag with 304, and a stale one with the file', async () => {
    const current = await fetch(`${origin}/page/main.js`, { headers: { 'if-none-match': file.etag } });
    expect(current.status).toBe(304);
    expect(current.headers.get('etag')).toBe(file.etag);
    const stale = await fetch(`${origin}/page/main.js`, { headers: { 'if-none-match': '"older"' } });
    expect(stale.status).toBe(200);
  });

  it('refuses an unknown name with 404 and anything but reading with 405', async () => {
    expect((await fetch(`${origin}/page/other.js`)).status).toBe(404);
    const post = await fetch(`${origin}/page/main.js`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('sends the bare page address to its folder, keeping the query', async () => {
    const bare = await fetch(`${origin}/page?scenario=x`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/page/?scenario=x');
  });

  it('tags by content: the same bytes the same tag, other bytes another', () => {
    expect(staticFile('text/css', Buffer.from('a')).etag).toBe(staticFile('text/css', Buffer.from('a')).etag);
    expect(staticFile('text/css', Buffer.from('b')).etag).not.toBe(staticFile('text/css', Buffer.from('a')).etag);
  });
});
