/* Mzansi Predicts service worker: web push notifications and an app-shell cache.
 * Served by the gateway at /sw.js with Cache-Control: no-cache, so every deploy is picked up.
 *
 * - push: shows the notification from the payload {id?, title, body, url, questionId, tag, requireInteraction?};
 *   notifications close themselves after 8 s unless persistent (requireInteraction).
 * - notificationclick: focuses an open tab (and moves it to the url) or opens one, and reports the click of a
 *   notification that has an id (POST /api/notifications/push-clicks {id}: the admin's delivery figures count it).
 * - cache: '/' (index.html) and the hashed /assets/* are cached on first load; /assets/* are served
 *   cache-first (their names change with their content), navigations network-first with the cached shell
 *   as the offline fallback. /api, /ws and /sw.js are never cached.
 */
'use strict';

const VERSION = 'v1';
const CACHE_PREFIX = 'mzansi-shell-';
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const SHELL_URL = '/';
const STATIC_URLS = ['/favicon.svg'];
const MAX_ASSETS = 80;
const DEFAULT_TITLE = 'Mzansi Predicts Question!';
const ICON = '/favicon.svg';
const AUTO_CLOSE_MS = 8000;
const CLICKS_URL = '/api/notifications/push-clicks';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The hashed assets the shell page links to (script, modulepreload and stylesheet links). */
function assetUrls(html) {
  const urls = new Set();
  const re = /(?:src|href)=["'](\/assets\/[^"']+)["']/g;
  let match;
  while ((match = re.exec(html))) urls.add(match[1]);
  return [...urls];
}

async function precache() {
  const cache = await caches.open(CACHE);
  const res = await fetch(SHELL_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(SHELL_URL, res);
  await Promise.all(
    [...STATIC_URLS, ...assetUrls(html)].map((url) =>
      cache.add(url).catch(() => undefined),
    ),
  );
}

self.addEventListener('install', (event) => {
  // Offline or failing install-time fetches must not block the worker (push still matters most).
  event.waitUntil(precache().catch(() => undefined).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(CACHE_PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Keeps the asset cache bounded: old hashed files from earlier deploys go first. */
async function trimAssets(cache) {
  const keys = (await cache.keys()).filter((req) => new URL(req.url).pathname.startsWith('/assets/'));
  const excess = keys.length - MAX_ASSETS;
  for (let i = 0; i < excess; i++) await cache.delete(keys[i]);
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === 'basic') {
    await cache.put(request, res.clone());
    trimAssets(cache).catch(() => undefined);
  }
  return res;
}

async function networkFirstShell(request) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    const type = res.headers.get('content-type') || '';
    if (res.ok && res.type === 'basic' && type.includes('text/html')) {
      // Every route is the SPA shell: keep the newest copy as '/' and pick up this deploy's assets.
      const copy = res.clone();
      copy
        .text()
        .then((html) => {
          cache.put(SHELL_URL, new Response(html, { headers: { 'Content-Type': type } }));
          return Promise.all(assetUrls(html).map((url) => cache.match(url).then((hit) => hit || cache.add(url))));
        })
        .catch(() => undefined);
    }
    return res;
  } catch (error) {
    const shell = await cache.match(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path.startsWith('/api/') || path === '/api' || path === '/ws' || path === '/sw.js') return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstShell(request));
  } else if (path.startsWith('/assets/') || STATIC_URLS.includes(path)) {
    event.respondWith(cacheFirst(request));
  }
});

// ---------- Push notifications ----------

function readPayload(event) {
  if (!event.data) return {};
  try {
    const value = event.data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { body: event.data.text() };
  }
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Best effort: a worker may be stopped before the timer fires; the notification then stays. */
async function closeLater(tag) {
  await wait(AUTO_CLOSE_MS);
  const list = await self.registration.getNotifications(tag ? { tag } : undefined);
  list.forEach((n) => {
    if (!n.requireInteraction) n.close();
  });
}

self.addEventListener('push', (event) => {
  const data = readPayload(event);
  const persistent = data.requireInteraction === true || data.persistent === true;
  const tag = typeof data.tag === 'string' && data.tag ? data.tag : data.questionId ? `question-${data.questionId}` : 'mzansi-predicts';
  const title = typeof data.title === 'string' && data.title ? data.title : DEFAULT_TITLE;
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: ICON,
    badge: ICON,
    tag,
    renotify: true,
    requireInteraction: persistent,
    data: {
      url: typeof data.url === 'string' && data.url ? data.url : '/',
      questionId: data.questionId || null,
      id: typeof data.id === 'string' && UUID.test(data.id) ? data.id : null,
    },
  };
  event.waitUntil(
    self.registration.showNotification(title, options).then(() => (persistent ? undefined : closeLater(tag).catch(() => undefined))),
  );
});

/** Best effort, once per click: the gateway counts a notification once per person, so a retry could not count twice. */
function reportClick(id) {
  if (!id) return Promise.resolve();
  return fetch(CLICKS_URL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id }),
  }).catch(() => undefined);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const clicked = reportClick(event.notification.data && event.notification.data.id);
  const raw = (event.notification.data && event.notification.data.url) || '/';
  let target;
  try {
    target = new URL(raw, self.location.origin);
  } catch {
    target = new URL('/', self.location.origin);
  }
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
  const opened = (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((c) => new URL(c.url).origin === self.location.origin);
    if (open) {
      const focused = (await open.focus().catch(() => null)) || open;
      if (new URL(focused.url).pathname !== target.pathname && 'navigate' in focused) {
        await focused.navigate(target.href).catch(() => self.clients.openWindow(target.href));
      }
      return;
    }
    await self.clients.openWindow(target.href);
  })();
  event.waitUntil(Promise.all([opened, clicked]));
});
