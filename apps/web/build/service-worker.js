// The portal's service worker (000 §2.2), written out by build/update-plugin.ts with this build's id in
// BUILD_ID, so every deployment changes the script and the browser installs the new worker; it then waits
// until the page asks it to take over (the refresh prompt). It caches only what is safe to cache:
// - /assets/* (hashed, never change): cache first;
// - page navigations: network first, the cached app shell when offline;
// - everything else (the API, the WebSocket, version.json, files) goes to the network untouched.
const BUILD_ID = '__BUILD_ID__';
const CACHE = `portal-${BUILD_ID}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.add('/'))
      .catch(() => {}),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('portal-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
  if (event.data && event.data.type === 'GET_BUILD_ID')
    event.source?.postMessage({ type: 'BUILD_ID', buildId: BUILD_ID });
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || req.headers.has('range')) return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const hit = await cache.match(req);
        if (hit) return hit;
        const res = await fetch(req);
        if (res.ok) cache.put(req, res.clone());
        return res;
      }),
    );
    return;
  }
  if (req.mode === 'navigate' && !url.pathname.startsWith('/api/')) {
    event.respondWith(
      fetch(req).catch(async () => (await caches.match('/', { cacheName: CACHE })) || Response.error()),
    );
  }
});
