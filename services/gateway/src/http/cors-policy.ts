import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';

const PREFLIGHT_MAX_AGE_SECONDS = 600;
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
/**
 * What a browser script may read besides the basics: the rate-limit state
 * and the operation's cost, so a client can pace itself, and the ETag, so
 * it can revalidate a content answer with If-None-Match.
 */
const EXPOSED_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Query-Cost, X-Query-Cost-Limit, ETag';
/**
 * Sandboxed iframes, `file:` pages and some redirects all send `Origin: null`:
 * allowing it would allow any of them, so it is refused even when listed.
 */
const OPAQUE_ORIGIN = 'null';

/**
 * Which browser origins may call the API, from `CORS_ORIGINS`: a comma-
 * separated list, or `*` for any origin (the origin is then echoed back, so
 * credentials still work), never the opaque `null` origin. An empty setting
 * allows none. Requests without an Origin header are not browsers'
 * cross-origin calls and get no CORS headers.
 */
export class CorsPolicy {
  private readonly anyOrigin: boolean;
  private readonly origins: ReadonlySet<string>;

  constructor(setting: string) {
    const origins = setting.split(',').map((origin) => origin.trim()).filter(Boolean);
    this.anyOrigin = origins.includes('*');
    this.origins = new Set(origins);
  }

  /** Headers for an actual request: the origin allowed, or nothing. */
  responseHeaders(req: IncomingMessage): OutgoingHttpHeaders {
    const origin = this.allowed(req);
    if (!origin) return { vary: 'Origin' };
    return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
  }

  /** Headers for an OPTIONS preflight: what the browser may send, and for how long to remember it. */
  preflightHeaders(req: IncomingMessage): OutgoingHttpHeaders {
    const origin = this.allowed(req);
    if (!origin) return { vary: 'Origin' };
    const requested = req.headers['access-control-request-headers'];
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': ALLOWED_METHODS,
      ...(requested ? { 'access-control-allow-headers': requested } : {}),
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
      vary: 'Origin, Access-Control-Request-Headers',
    };
  }

  private allowed(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    if (!origin || origin === OPAQUE_ORIGIN) return undefined;
    return this.anyOrigin || this.origins.has(origin) ? origin : undefined;
  }
}
