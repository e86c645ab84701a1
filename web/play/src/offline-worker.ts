import { isPageFile, OFFLINE_CACHE, OFFLINE_FILES } from './offline-files';

/**
 * The table screen's service worker, served at `/play/offline-worker.js`
 * with the scope `/play/`. Network first for the page's own files (a
 * reload online always gets the deployed page, revalidated by ETag), the
 * copy in the cache when the network fails, so a reload offline still
 * opens the screen and the SDK reopens the campaign from its outbox.
 */
declare const self: ServiceWorkerGlobalScope;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll([...OFFLINE_FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('scriptbook-play-') && name !== OFFLINE_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!isPageFile(event.request.method, url, new URL(self.registration.scope))) return;
  // The page is one file whatever its query (`?campaign=<id>`): its copy is kept under the bare address.
  const key = event.request.mode === 'navigate' || url.pathname.endsWith('/index.html') ? new URL('./', self.registration.scope).href : url.href.split('?')[0];
  event.respondWith(fromNetworkElseCache(event.request, key));
});

async function fromNetworkElseCache(request: Request, key: string): Promise<Response> {
  const cache = await caches.open(OFFLINE_CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (failure) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw failure;
  }
}
