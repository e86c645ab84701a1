/** Where the table screen is served. */
export const PLAY_PAGE_PATH = '/play';

/**
 * Only this origin, for everything: the page's bundle, its stylesheet, its
 * offline worker and its API calls (`/graphql`, and the live socket on
 * `/graphql/ws`, which `'self'` covers for ws: and wss: on the same host)
 * are all the gateway's own; no inline script or style, nothing from a CDN.
 */
export const PLAY_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
