import './styles.css'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { readHydration } from './app/hydration'
import { createAppRouter, createAppRoutes, loadRoutesOf } from './app/router'
import { changeLanguage, DEFAULT_LANGUAGE, startI18n } from './i18n'
import { applyStoredDisplay } from './lib/display-settings'
import {
  APP_READY_ATTRIBUTE,
  EARLY_TAP_ATTRIBUTE,
  FRENCH_ONLY_ATTRIBUTE,
  RENDERED_PATH_ATTRIBUTE,
} from './lib/page-markup'
import { createQueryClient, markInitialData } from './lib/query-client'
import { whenPageIdle } from './lib/when-page-idle'

const root = document.getElementById('root')
if (!root) throw new Error('the page has no #root element')

// Theme and text size before the first paint (the page's inline script did it already, but a page
// served by the development server comes without it).
// The language the server rendered the page in (its cookie said the visitor's), read before the app
// changes <html lang>.
const renderedLanguage = document.documentElement.lang || DEFAULT_LANGUAGE
const display = applyStoredDisplay()

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

// The session store comes with the signed-in areas' code: a citizen page never downloads it.
const sessionStore = () => import('./lib/auth/session-store')

void hydrateThePage()

/**
 * The app hydrates the page the server rendered, each step in a task of its own: the code has run;
 * i18next has started; the page's data is read; the screens of this path are asked for; the router
 * is made; the page is hydrated. One task for all held a cheap phone too long.
 *
 * The screens were listed in the page (modulepreload): waiting for them lets the first render be
 * the screen itself, not a spinner, and lets the app hydrate the server's HTML as it is. A
 * visitor who chose English or Wolof waits for that one small catalogue instead of seeing French
 * first.
 */
async function hydrateThePage() {
  await nextTask()
  startI18n()
  await nextTask()
  const queryClient = createQueryClient()
  const { pathname } = window.location
  // A page the service worker kept may be another path's (offline, every page gets the home
  // page's): then neither its HTML nor its data is this page's.
  const rendered = root?.getAttribute(RENDERED_PATH_ATTRIBUTE) === pathname ? readHydration(document) : null
  if (rendered) {
    hydrate(queryClient, rendered.queries)
    for (const { queryKey } of rendered.queries.queries) markInitialData(queryClient, queryKey)
  }
  const routes = createAppRoutes({
    queryClient,
    session: () => sessionStore().then((module) => module.currentSession()),
    awaitData: false,
  })
  await nextTask()
  await Promise.all([
    loadRoutesOf(routes, pathname),
    // The page was rendered for the cookie's session: the app goes on with it.
    rendered?.session &&
      sessionStore().then((module) => rendered.session && module.adoptPageSession(rendered.session)),
  ]).catch(() => undefined)
  await nextTask()
  if (!root) return
  if (rendered && (display.language === renderedLanguage || readsFrenchOnly())) {
    // Rendered in English or Wolof: hydrated once those texts are there (they came with the
    // page's files), shown all along.
    if (!readsFrenchOnly()) await changeLanguage(display.language).catch(() => undefined)
    const router = createAppRouter(routes, rendered.router)
    await nextTask()
    const tappedEarly = takeEarlyTap()
    // As a transition, the hydration is done in slices that let the phone answer a tap between
    // them (React replays a tap on a part not hydrated yet), not in one long task.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} router={router} />
        </StrictMode>,
        {
          // A part whose HTML did not match is rendered again by the browser: said, to be fixed.
          onRecoverableError: (error, info) => console.error('hydration', error, info.componentStack),
        },
      )
    })
    // React answers it now: the part that holds the button is hydrated first.
    tappedEarly?.click()
  } else {
    await changeLanguage(display.language).catch(() => undefined)
    root.replaceChildren()
    const router = createAppRouter(routes, rendered?.router)
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    )
    document.documentElement.classList.remove('translating')
  }
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '')
  startOnceIdle()
}

/**
 * The button tapped before the app had hydrated the page (the page's inline script marked it),
 * unmarked so that the page is hydrated as the server rendered it.
 */
function takeEarlyTap(): HTMLElement | null {
  const button = document.querySelector<HTMLElement>(`[${EARLY_TAP_ATTRIBUTE}]`)
  button?.removeAttribute(EARLY_TAP_ATTRIBUTE)
  return button
}

/**
 * The organisation and admin pages read French whatever language this browser chose for the
 * citizen side: rendered in French by the server, they are hydrated as they are.
 */
function readsFrenchOnly(): boolean {
  return root?.hasAttribute(FRENCH_ONLY_ATTRIBUTE) ?? false
}

/**
 * What only matters once the page is up, never in its first download: the settings store (the
 * preferences, the phone's dark mode followed live), the service worker (offline use,
 * installable app) and the reports queued offline. Started after the app has rendered: a page the
 * browser renders has loaded its scripts well before its first frame, and would fetch these first.
 */
function startOnceIdle() {
  whenPageIdle(() => {
    void import('./lib/apply-settings').then((module) => module.startApplyingSettings())
    void import('./pwa/start-offline-support').then((module) => module.startOfflineSupport())
  })
}
