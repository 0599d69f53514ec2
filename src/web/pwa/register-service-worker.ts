import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE } from '../../domain/constants'
import workerBundle from './service-worker?worker&url'
import { SHELL_REFRESH_MESSAGE } from './service-worker-messages'

/** The language the visitor chose: the cookie the page's inline script writes at every page. */
function chosenLanguage(): string {
  const cookie = document.cookie.split('; ').find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
  return cookie?.slice(LANGUAGE_COOKIE.length + 1) || DEFAULT_LANGUAGE
}

/**
 * Registers the service worker at /sw.js, which loads this build's bundle: a new build is a new
 * address, which the browser installs as an update. So is a new language: the worker keeps the
 * texts of the visitor's language only. The update waits until no page of the site is open
 * (service-worker.ts says why). Production builds only (in development Vite serves modules the
 * worker could not load).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  try {
    const registration = await navigator.serviceWorker.register(
      `/sw.js?bundle=${encodeURIComponent(workerBundle)}&language=${encodeURIComponent(chosenLanguage())}`,
      {
        scope: '/',
      },
    )
    // An already installed worker keeps the files of this build up to date.
    registration.active?.postMessage({ type: SHELL_REFRESH_MESSAGE })
  } catch (error) {
    console.warn('service worker non enregistré', error)
  }
}
