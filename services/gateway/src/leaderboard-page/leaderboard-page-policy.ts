/** Where the page is served. */
export const LEADERBOARD_PAGE_PATH = '/leaderboard';

/**
 * Only this origin, for everything: the page's scripts, styles and API
 * calls are all the gateway's own, it runs no inline script or style, and
 * it loads no fonts or images from anywhere.
 */
export const LEADERBOARD_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
