// Domino service worker (a template: build.py fills in the cache name and the file list).
//
// Precaches every file of the build on install, so that one visit is enough to play offline.
// The cache name is a hash of the whole build: a new build installs beside the old one, and
// when it activates it deletes every older "domino-" cache. On a first visit the worker takes
// control at once (the page waits for that before it starts Python, so nothing downloads
// twice); an update waits until the page asks for it ("skip-waiting"), so a running game never
// mixes files of two builds.
const CACHE = "__CACHE_NAME__";
const PRECACHE = "__PRECACHE__";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache": every file is revalidated with the server, so the cache never takes a stale
    // copy, but one the page has just downloaded (the MicroPython UI starts before this
    // worker controls the page) comes back as a bodiless 304 instead of a second download.
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("domino-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === "navigate") {
        const page = await cache.match("./index.html");
        if (page) return page;
      }
      throw error;
    }
  })());
});
