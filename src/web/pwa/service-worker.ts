// The service worker (built by Vite as one classic script; public/sw.js loads it). Hand-written
// rather than Workbox: its Vite plugin would own the build configuration, and what is
// needed here fits in these lines: the citizen side precached from Vite's manifest, pages and a
// few public reads network-first with the cache as fallback, map tiles in a size-limited LRU
// cache, and the reports queued offline sent by Background Sync.

import type { CitizenReport } from '../../domain/citizen'
import { CITIZEN_TOKEN_HEADER, LANGUAGES, type Language } from '../../domain/constants'
import type { PushPayload } from '../../domain/push-rules'
import { TOURNEE_PATH } from '../../domain/team-rules'
import { flushOutbox } from '../lib/outbox/flush-outbox'
import { OUTBOX_SENT_MESSAGE, OUTBOX_SYNC_TAG } from '../lib/outbox/outbox-events'
import { mirroredToken, mirrorToken, recordSent } from '../lib/outbox/outbox-store'
import { APP_SHELL_LIST_FILE, type AppShellList } from './app-shell'
import {
  fetchPublicShellFile,
  isOnlineOnlyPage,
  mayKeepPage,
  OFFLINE_PAGE,
  PAGES_CACHE,
  SHELL_CACHE,
  STATIC_FILES,
  TILE_CACHE,
} from './kept-pages'
import { SHELL_REFRESH_MESSAGE } from './service-worker-messages'
import { TileBudget } from './tile-budget'

// The few service-worker types used here (the project's TypeScript lib is the DOM's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Response | Promise<Response>): void
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification
}
interface WindowClientLike {
  readonly url: string
  focus(): Promise<unknown>
  navigate(url: string): Promise<unknown>
  postMessage(message: unknown): void
}
interface WorkerScope {
  readonly location: Location
  readonly clients: {
    claim(): Promise<void>
    matchAll(options?: { type?: string; includeUncontrolled?: boolean }): Promise<WindowClientLike[]>
    openWindow(url: string): Promise<unknown>
  }
  readonly registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>
  }
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}
declare const self: WorkerScope

const KNOWN_CACHES = [SHELL_CACHE, PAGES_CACHE, TILE_CACHE]

/** Map tiles kept for offline use: about 15 MB (700 to 1,500 tiles of a city). */
export const TILE_CACHE_MAX_BYTES = 15 * 1024 * 1024
const TILE_BYTES_HEADER = 'x-tile-bytes'
/** A page waits this long for the network before the copy kept on the phone is shown. */
const NAVIGATION_TIMEOUT_MS = 4000

/** Public reads the citizen screens need offline: the form's categories, the home lists, the device's own reports. */
const CACHED_READS = [
  '/api/categories',
  '/api/reports/recent',
  '/api/reports/count',
  '/api/citizen/reports',
  '/api/citizen/notifications',
]
/** The public status of a report by its code (/suivi): kept for the codes this phone asked for. */
const TRACKED_REPORT = '/api/reports/track/'
/** A read warmed for offline use is taken again after this long (codes are looked up 120 times an hour at most). */
const WARM_READS_EVERY_MS = 60 * 60 * 1000

/**
 * What the citizen screens read, fetched as soon as the site has been opened online: a phone that
 * saw only the home page can then file offline (the form's categories, every language in them),
 * and open "Mes signalements", its messages and the status of its own reports by their codes.
 * Only what this device may read: the public categories, and its own with its token.
 */
async function warmReads(): Promise<void> {
  const cache = await caches.open(PAGES_CACHE)
  const keep = async (path: string, headers: Record<string, string> = {}): Promise<Response | null> => {
    const kept = await cache.match(path)
    const keptAt = Date.parse(kept?.headers.get('date') ?? '')
    if (kept && Date.now() - keptAt < WARM_READS_EVERY_MS) return kept
    const answer = await fetch(path, { headers, credentials: 'omit', cache: 'no-cache' }).catch(() => null)
    if (!answer?.ok) return kept ?? null
    await cache.put(path, answer.clone())
    return answer
  }
  await keep('/api/categories')
  const token = await mirroredToken()
  if (!token) return
  const device = { [CITIZEN_TOKEN_HEADER]: token }
  const [reports] = await Promise.all([
    keep('/api/citizen/reports', device),
    keep('/api/citizen/notifications', device),
  ])
  const items = ((await reports?.json().catch(() => null)) as { items?: CitizenReport[] } | null)?.items ?? []
  for (const report of items) {
    if (report.anonymous_code) await keep(`${TRACKED_REPORT}${encodeURIComponent(report.anonymous_code)}`)
  }
}

/**
 * The language the phone chose, which the page gives in the worker's address
 * (register-service-worker.ts): a new choice is a new address, so a new worker that keeps its texts.
 */
function chosenLanguage(): Language | null {
  const language = new URL(self.location.href).searchParams.get('language')
  return LANGUAGES.find((known) => known === language) ?? null
}

/**
 * Downloads the citizen side listed at build time, with its texts in the phone's language only,
 * and drops what an earlier build left. A file that fails is skipped: the rest still makes the
 * site work offline.
 */
async function refreshShell(): Promise<void> {
  const response = await fetch(`/${APP_SHELL_LIST_FILE}`, { cache: 'no-cache' })
  if (!response.ok) return
  const list = (await response.json()) as AppShellList
  const language = chosenLanguage()
  const files = [...list.shell, ...((language && list.catalogues[language]) || [])]
  const cache = await caches.open(SHELL_CACHE)
  const cached = new Set((await cache.keys()).map((request) => new URL(request.url).pathname))
  const wanted = [...files.filter((file) => !cached.has(file)), ...STATIC_FILES]
  await Promise.all(
    wanted.map((file) =>
      fetchPublicShellFile(file)
        .then((answer) => (mayKeepPage(file, answer) ? cache.put(file, answer) : undefined))
        .catch(() => undefined),
    ),
  )
  const current = new Set(list.build)
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname
    if (path.startsWith('/assets/') && !current.has(path)) await cache.delete(request)
  }
  await warmReads().catch((error: unknown) => console.warn('lectures hors connexion non gardées', error))
}

// A new worker (a new build, or a new language: both are in its address) never skips waiting.
// Once a worker waits to take over at once, Chromium stops the one in charge as soon as it looks
// idle, and that stop can land just after a page's navigation was handed to it: the navigation's
// fetch is dropped ("Worker Stopped" in a browser trace) and the page never commits (issue 47,
// point 12: 2 runs in 5 of e2e/languages.spec.ts). The new worker takes over once no page of the
// site is open; its install has kept its files already, so offline use has them at once.
self.addEventListener('install', (event) => {
  event.waitUntil(refreshShell())
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KNOWN_CACHES.includes(name)) await caches.delete(name)
      // The phone's first worker takes the page that registered it (nothing controlled it), so
      // that page's screens are kept for offline use from the first visit; claiming stops no worker.
      await self.clients.claim()
    })(),
  )
})

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * Pages: the network first (a deploy shows at once), the copy kept on the phone when the network
 * fails or crawls. Every path is the same single-page app, kept as "/"; a back-office screen, or
 * a page rendered for a session, is never kept (a shared phone shows it to no one after a logout).
 */
async function navigate(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname
  const fromNetwork = fetch(request)
  try {
    const response = await withTimeout(fromNetwork, NAVIGATION_TIMEOUT_MS)
    if (mayKeepPage(path, response)) {
      const copy = response.clone()
      void caches.open(SHELL_CACHE).then((cache) => cache.put('/', copy))
    }
    return response
  } catch {
    // "Ma tournée" renders itself from the list kept on the phone: it opens offline in the
    // public shell (nothing of the session is in it), where other signed-in screens do not.
    const kept =
      isOnlineOnlyPage(path) && path !== TOURNEE_PATH
        ? await caches.match(OFFLINE_PAGE)
        : ((await caches.match('/')) ?? (await caches.match(OFFLINE_PAGE)))
    // Slow rather than down: still give the network its chance.
    return kept ?? fromNetwork
  }
}

/** Hashed files never change: the phone's copy, else the network (kept for next time). */
async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request)
  if (cached) return cached
  const response = await fetch(request)
  if (response.ok) {
    const copy = response.clone()
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy))
  }
  return response
}

/** Public reads: fresh when the network answers, the last answer kept when it does not. */
async function read(request: Request): Promise<Response> {
  try {
    const response = await fetch(request)
    if (response.ok) {
      const copy = response.clone()
      void caches.open(PAGES_CACHE).then((cache) => cache.put(request, copy))
    }
    return response
  } catch (error) {
    const kept = await caches.match(request)
    if (kept) return kept
    throw error
  }
}

let tileBudget: Promise<TileBudget> | null = null

/** The tiles index, rebuilt from the cache when the worker starts again. */
function tiles(): Promise<TileBudget> {
  tileBudget ??= (async () => {
    const budget = new TileBudget(TILE_CACHE_MAX_BYTES)
    const cache = await caches.open(TILE_CACHE)
    for (const request of await cache.keys()) {
      const stored = await cache.match(request)
      budget.add(request.url, Number(stored?.headers.get(TILE_BYTES_HEADER) ?? 0))
    }
    return budget
  })()
  return tileBudget
}

/**
 * Map tiles: the phone's copy first (tiles rarely change, data costs), else the tile server's.
 * Asked for with CORS so that their real size is known and counted; a tile server without CORS
 * is passed through without keeping anything.
 */
async function tile(request: Request): Promise<Response> {
  const cache = await caches.open(TILE_CACHE)
  const cached = await cache.match(request.url)
  const budget = await tiles()
  if (cached) {
    budget.touch(request.url)
    return cached
  }
  let response: Response
  try {
    response = await fetch(request.url, { mode: 'cors', credentials: 'omit' })
  } catch {
    return fetch(request)
  }
  if (!response.ok) return response
  const body = await response.blob()
  const kept = new Response(body, {
    headers: {
      'content-type': response.headers.get('content-type') ?? 'image/png',
      [TILE_BYTES_HEADER]: String(body.size),
    },
  })
  await cache.put(request.url, kept.clone())
  for (const evicted of budget.add(request.url, body.size)) await cache.delete(evicted)
  return kept
}

const TILE_PATH = /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) {
    if (request.destination === 'image' && TILE_PATH.test(url.pathname)) event.respondWith(tile(request))
    return
  }
  if (request.mode === 'navigate') event.respondWith(navigate(request))
  // The logo and the icons of every page: the phone's copy, so that none is broken offline.
  else if (
    url.pathname.startsWith('/assets/') ||
    (url.pathname !== '/' && STATIC_FILES.includes(url.pathname))
  )
    event.respondWith(asset(request))
  else if (CACHED_READS.includes(url.pathname) || url.pathname.startsWith(TRACKED_REPORT))
    event.respondWith(read(request))
})

/** Sends the reports queued offline (Background Sync), then tells the open pages. */
async function sendQueue(): Promise<void> {
  const result = await flushOutbox({
    token: mirroredToken,
    forgetToken: () => mirrorToken(null),
    onSent: async (sent) => {
      await recordSent(sent)
      // A report of an old version went without a token and got one: the next ones go under it too.
      if (!(await mirroredToken())) await mirrorToken(sent.report.citizenToken)
    },
  })
  if (result && result.sent > 0) {
    for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
      client.postMessage({ type: OUTBOX_SENT_MESSAGE })
    }
  }
  // Still waiting: failing the sync makes the browser try again later, with its own backoff.
  if (result && result.waiting > 0) throw new Error('reports still waiting')
}

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendQueue())
})

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SHELL_REFRESH_MESSAGE)
    event.waitUntil(refreshShell())
})

/**
 * A report's news (Web Push): the server wrote it in the language the phone chose, encrypted for
 * this phone alone; it is shown as it came, one notification per report.
 */
/** What a push carries, or null when it is not a notification of this server. */
function pushPayload(event: PushEvent): PushPayload | null {
  try {
    const payload = event.data?.json() as PushPayload | undefined
    return typeof payload?.title === 'string' ? payload : null
  } catch {
    return null
  }
}

self.addEventListener('push', (event) => {
  const payload = pushPayload(event)
  if (!payload) return
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  )
})

/** A tap opens "Mes signalements" at the report: in a tab of the site already open, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data as { url?: unknown } | null)?.url
  // Only a page of this site, whatever a payload might say.
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin)
  if (url.origin !== self.location.origin) return
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === url.origin)
      if (open) {
        await open.navigate(url.href)
        await open.focus()
      } else {
        await self.clients.openWindow(url.href)
      }
    })(),
  )
})
