import './styles.css'
import './i18n'
import type { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { APP_READY_ATTRIBUTE, RENDERED_PATH_ATTRIBUTE } from '../domain/first-screen'
import { App } from './app/app'
import { readFirstScreen, seedFirstScreen } from './app/first-screen'
import { loadScreensOf } from './app/router'
import { changeLanguage, DEFAULT_LANGUAGE } from './i18n'
import { applyStoredDisplay } from './lib/display-settings'
import { forgetEarlyReads } from './lib/early-read'
import { createQueryClient } from './lib/query-client'
import { whenPageIdle } from './lib/when-page-idle'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Theme and text size before the first paint (the page's inline script did it already, but a page
// served by the development server comes without it).
const display = applyStoredDisplay()
const queryClient = createQueryClient()

function app(client: QueryClient) {
  return (
    <StrictMode>
      <App queryClient={client} />
    </StrictMode>
  )
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

const { pathname } = window.location
// A page the service worker kept may be another path's (offline, every page gets the home page's):
// then neither its HTML nor its data is this page's.
const drawnByServer = root.getAttribute(RENDERED_PATH_ATTRIBUTE) === pathname
if (drawnByServer) seedFirstScreen(queryClient, readFirstScreen(document))
// The screens of this path were listed in the page (modulepreload): waiting for them lets the
// first render be the screen itself, not a spinner, and lets the app take over the server's HTML
// as it is. A visitor who chose English or Wolof waits for that one small catalogue instead of
// seeing French first.
void loadScreensOf(pathname)
  .catch(() => undefined)
  .then(async () => {
    // Two tasks, not one long one: the code has run, then the page is taken over.
    await nextTask()
    if (drawnByServer && display.language === DEFAULT_LANGUAGE) {
      hydrateRoot(root, app(queryClient))
    } else {
      await changeLanguage(display.language).catch(() => undefined)
      root.replaceChildren()
      createRoot(root).render(app(queryClient))
      document.documentElement.classList.remove('translating')
    }
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '')
    startOnceIdle()
  })

/**
 * What only matters once the page is up, never in its first download: the settings store (the
 * preferences, the phone's dark mode followed live), the service worker (offline use,
 * installable app) and the reports queued offline. Started after the app has drawn: a page the
 * browser draws has loaded its scripts well before its first frame, and would fetch these first.
 */
function startOnceIdle() {
  whenPageIdle(() => {
    // The first screen has asked for its data by now.
    forgetEarlyReads()
    void import('./lib/apply-settings').then((module) => module.startApplyingSettings())
    void import('./pwa/start-offline-support').then((module) => module.startOfflineSupport())
  })
}
