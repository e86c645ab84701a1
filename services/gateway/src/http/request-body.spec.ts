import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { readBody } from './request-body';

function incoming(headers: Record<string, string> = {}): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers }) as unknown as PassThrough & IncomingMessage;
}

describe('readBody', () => {
  it('returns the whole body as text when it fits, across chunks and multi-byte characters', async () => {
    const req = incoming();
    const reading = readBody(req, 64);
    const bytes = Buffer.from('{"q":"Zoë"}');
    req.write(bytes.subarray(0, 9)); // splits the two bytes of ë
    req.end(bytes.subarray(9));
    expect(await reading).toEqual({ ok: true, text: '{"q":"Zoë"}' });
  });

  it('accepts a body of exactly the limit', async () => {
    const req = incoming();
    const reading = readBody(req, 4);
    req.end('1234');
    expect(await reading).toEqual({ ok: true, text: '1234' });
  });

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const req = incoming({ 'content-length': '5000' });
    expect(await readBody(req, 4096)).toEqual({ ok: false, reason: 'too-large' });
    expect(req.listenerCount('data')).toBe(0);
  });

  it('refuses a body as soon as it grows past the limit, and stops listening', async () => {
    const req = incoming();
    const reading = readBody(req, 8);
    req.write('12345');
    req.write('67890');
    expect(await reading).toEqual({ ok: false, reason: 'too-large' });
    expect(req.listenerCount('data')).toBe(0);
  });

  it('reports a stream that fails as aborted', async () => {
    const req = incoming();
    const reading = readBody(req, 8);
    req.destroy(new Error('socket hang up'));
    expect(await reading).toEqual({ ok: false, reason: 'aborted' });
  });
});
