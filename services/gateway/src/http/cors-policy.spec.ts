import type { IncomingMessage } from 'node:http';
import { CorsPolicy } from './cors-policy';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('CorsPolicy', () => {
  const listed = new CorsPolicy('https://app.example, https://site.example');

  it('allows a listed origin on actual requests and says the answer varies by origin', () => {
    expect(listed.responseHeaders(request({ origin: 'https://site.example' }))).toEqual({
      'access-control-allow-origin': 'https://site.example',
      'access-control-expose-headers': 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Query-Cost, X-Query-Cost-Limit, ETag',
      vary: 'Origin',
    });
  });

  it('gives an unlisted origin no allow header', () => {
    expect(listed.responseHeaders(request({ origin: 'https://evil.example' }))).toEqual({ vary: 'Origin' });
    expect(listed.preflightHeaders(request({ origin: 'https://evil.example' }))).toEqual({ vary: 'Origin' });
  });

  it('gives requests without an Origin, which are not cross-origin browser calls, no allow header', () => {
    expect(listed.responseHeaders(request({}))).toEqual({ vary: 'Origin' });
  });

  it('answers a preflight with the methods, the requested headers and how long to cache it', () => {
    const headers = listed.preflightHeaders(
      request({ origin: 'https://app.example', 'access-control-request-headers': 'content-type,authorization' }),
    );
    expect(headers).toEqual({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type,authorization',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers',
    });
  });

  it('never allows the opaque null origin, even when it is listed or any origin is', () => {
    for (const policy of [new CorsPolicy('null, https://app.example'), new CorsPolicy('*')]) {
      expect(policy.responseHeaders(request({ origin: 'null' }))['access-control-allow-origin']).toBeUndefined();
      expect(policy.preflightHeaders(request({ origin: 'null' }))['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows no origin at all when the setting is empty', () => {
    expect(new CorsPolicy('').responseHeaders(request({ origin: 'https://app.example' }))).toEqual({ vary: 'Origin' });
  });

  it('echoes any origin back when configured with *', () => {
    const any = new CorsPolicy('*');
    expect(any.responseHeaders(request({ origin: 'https://anything.example' }))['access-control-allow-origin']).toBe(
      'https://anything.example',
    );
  });
});
