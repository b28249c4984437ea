/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

// The built app (its HTML, scripts, styles, icons) is kept for offline use; the API never is.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }),
);

async function clearCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

interface SwMessage {
  type?: unknown;
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as SwMessage | string | null;
  const type = typeof data === 'string' ? data : data?.type;
  // CACHE_CLEAR (spec part 3): every cache goes; the next load fetches the app anew.
  if (type === 'CACHE_CLEAR') event.waitUntil(clearCaches());
  // The page's "Reload" on the new-content toast: the waiting worker takes over.
  if (type === 'SKIP_WAITING') void self.skipWaiting();
});
