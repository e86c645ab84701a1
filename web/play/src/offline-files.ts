/**
 * What the offline worker keeps so the screen opens with no network: the
 * page and every file it loads, relative to `/play/`. Pure, shared by the
 * worker and its unit test.
 */
export const OFFLINE_FILES = ['./', 'main.js', 'play.css', 'favicon.svg'] as const;

/** One cache, replaced as a whole when this name changes (a file added or removed). */
export const OFFLINE_CACHE = 'scriptbook-play-v1';

/**
 * Whether the worker answers a request: reading one of the page's own
 * files. Everything else (the API on `/graphql`, another page) goes to the
 * network untouched: the SDK's outbox, not a cache, is what keeps
 * campaigns offline.
 */
export function isPageFile(method: string, url: URL, scope: URL): boolean {
  if (method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return false;
  const name = url.pathname.slice(scope.pathname.length);
  return name === '' || name === 'index.html' || (OFFLINE_FILES as readonly string[]).includes(name);
}
