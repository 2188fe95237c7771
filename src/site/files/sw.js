// volley's offline copy: on the first visit every file of the site is
// cached; after that each is served from the cache first, so the page,
// its WebAssembly core and the sheets work with no network at all.
const CACHE = "volley-site-VERSION";
const FILES = FILE_LIST;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  // A page with a question in its address is the same page: serve it
  // from the cache whatever the question.
  event.respondWith(
    caches.match(event.request, { ignoreSearch: true }).then((hit) => hit || fetch(event.request)),
  );
});
