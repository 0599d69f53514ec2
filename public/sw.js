// The service worker's address stays /sw.js so that it controls the whole site; its code is built
// by Vite with the app (src/web/pwa/service-worker.ts) under a hashed name, given here as
// ?bundle=. A new build registers a new address, which the browser takes as an update.
const bundle = new URL(self.location.href).searchParams.get('bundle')
if (bundle && /^\/assets\/[\w.-]+\.js$/.test(bundle)) importScripts(bundle)
