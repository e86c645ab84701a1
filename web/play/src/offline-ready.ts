import { byId } from './dom';

/**
 * Registers the offline worker, and says once it keeps the page's files:
 * from then on a reload without a network opens the screen from them.
 * Service workers need a secure context (https, or localhost); elsewhere
 * the page still works online, and says it cannot open offline.
 */
export async function keepPageOffline(): Promise<void> {
  const line = byId('offline-ready');
  if (!('serviceWorker' in navigator)) {
    line.textContent = 'This browser cannot keep the page for offline use (it needs https or localhost); campaigns are still kept on this device.';
    return;
  }
  try {
    await navigator.serviceWorker.register('offline-worker.js', { scope: './' });
    await navigator.serviceWorker.ready;
    line.textContent = 'This page opens offline too: actions made offline are kept on this device.';
  } catch (error) {
    line.textContent = `The page could not be kept for offline use: ${error instanceof Error ? error.message : String(error)}`;
  }
}
