// What the service worker keeps of the site, and what a logout takes back. Shared by the worker
// and the page: a logout empties the caches from the page itself (the Cache API is the same
// there), without waiting on a worker that may be asleep or not yet in control.

export const SHELL_CACHE = 'alertes-urbaines-shell-v1'
export const PAGES_CACHE = 'alertes-urbaines-pages-v1'
export const TILE_CACHE = 'alertes-urbaines-tiles-v1'

export const OFFLINE_PAGE = '/offline.html'
/** The public shell: kept across logouts, and downloaded without cookies (never rendered for a session). */
export const STATIC_FILES = [
  '/',
  OFFLINE_PAGE,
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/maskable-192.png',
]

/** Screens that are someone's: never kept, and offline they get the offline page. */
export const ONLINE_ONLY_PAGES = ['/admin', '/organization']

export function isOnlineOnlyPage(path: string): boolean {
  return ONLINE_ONLY_PAGES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/**
 * Whether a page may be kept on the phone: not a back-office screen, and not a page the server
 * drew for a session (it says so with `no-store` or `private`).
 */
export function mayKeepPage(path: string, response: Response): boolean {
  if (!response.ok || isOnlineOnlyPage(path)) return false
  return !/\b(no-store|private)\b/i.test(response.headers.get('cache-control') ?? '')
}

/** The public home page, as anyone gets it: without the cookies of whoever is signed in. */
export function fetchPublicShellFile(file: string): Promise<Response> {
  return fetch(file, { cache: 'no-cache', credentials: 'omit' })
}

/**
 * After a logout: everything the worker kept goes but the public shell (the code, the offline
 * page, the icons) and the map tiles, so that the next person on a shared phone finds no page or
 * read of the session, online or not. The home page is taken again as anyone gets it.
 */
export async function forgetKeptPages(): Promise<void> {
  // Side by side: the pages go at once, without waiting for the lists' code to arrive.
  await Promise.all([forgetKeptCaches(), forgetKeptRound()])
}

/** The round of a field agent kept on the phone (kept-lists.ts). */
async function forgetKeptRound(): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  // Fetched only here: the first page's download does without it (its chunk is kept offline
  // by the round that fills the list).
  await (await import('./kept-lists')).forgetKeptLists()
}

async function forgetKeptCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  await caches.delete(PAGES_CACHE)
  if (!(await caches.has(SHELL_CACHE))) return
  const shell = await caches.open(SHELL_CACHE)
  for (const request of await shell.keys()) {
    const path = new URL(request.url).pathname
    if (!path.startsWith('/assets/') && !STATIC_FILES.includes(path)) await shell.delete(request)
  }
  await shell.delete('/')
  const home = await fetchPublicShellFile('/').catch(() => null)
  if (home && mayKeepPage('/', home)) await shell.put('/', home)
}
