import { clear, createStore, type UseStore } from 'idb-keyval'
import { SHELL_CACHE } from './kept-pages'

/**
 * A field agent's round ("Ma tournée", TOURNEE_PATH), the one signed-in screen a phone keeps: its
 * list in this IndexedDB store (what the agent last saw), its page served offline as the public
 * shell. A logout empties it with the pages.
 */
let keptListsStore: UseStore | undefined
export const keptLists = () => (keptListsStore ??= createStore('alertes-urbaines-tournee', 'lists'))

/** At logout. Emptied rather than deleted: a page still holding it open would hold a deletion back. */
export function forgetKeptLists(): Promise<void> {
  return clear(keptLists())
}

/**
 * The code this page has loaded, kept in the shell's cache: the signed-in screens are not
 * downloaded ahead (app-shell.ts), and a page that started before its service worker took
 * control fetched them past it. "Ma tournée" calls this once its list is shown, so that it opens
 * offline the next time.
 */
export async function keepLoadedCode(): Promise<void> {
  if (typeof caches === 'undefined' || typeof performance === 'undefined') return
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
  const shell = await caches.open(SHELL_CACHE)
  for (const url of loaded) {
    if (!(await shell.match(url.pathname))) await shell.add(url.pathname)
  }
}
