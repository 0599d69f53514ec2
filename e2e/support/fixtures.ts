// What a browser test is given (Vitest fixtures): the app on a throwaway database and a Chromium,
// each started once for a file (by its `beforeAll`, or else by the first test that asks) and
// stopped after its last test, and a page in a Dakar browser context, new for each test. A file
// changes what it starts at its top, before its tests: `it.override('serverEnv', …)` for the
// server's environment (a push service, an SMS gateway), `it.override('browserArgs',
// FAKE_MEDIA_ARGS)` for a camera, `it.override('contextOptions', …)` for the page's context (a
// phone's viewport…). A file that asks for `cameraPhoto` gets a phone camera's 4 MB photo.
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { test as base } from 'vitest'
import { dakarContext, launchBrowser } from './browser'
import { cameraPhoto } from './citizen-photo'
import { type E2eServer, startE2eServer } from './server'

export const test = base
  .extend('serverEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('server', { scope: 'file' }, async ({ serverEnv }, { onCleanup }) => {
    const server = await startE2eServer({ env: serverEnv })
    onCleanup(() => server.stop())
    return server
  })
  .extend('browserArgs', { scope: 'file' }, [] as string[])
  .extend('browser', { scope: 'file' }, async ({ browserArgs }, { onCleanup }) => {
    const browser = await launchBrowser(browserArgs)
    onCleanup(() => browser.close())
    return browser
  })
  .extend('contextOptions', {} as BrowserContextOptions)
  .extend('context', async ({ browser, contextOptions }, { onCleanup }) => {
    const context = await dakarContext(browser, contextOptions)
    onCleanup(() => context.close())
    return context
  })
  .extend('page', async ({ context }) => context.newPage())
  // The photo a phone's camera hands the page: made once per file, it takes seconds.
  .extend('cameraPhoto', { scope: 'file' }, async () => ({
    name: 'IMG_20261122_101500.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraPhoto(),
  }))

export const it = test

/** What a helper opening pages of the app needs from a test's fixtures. */
export type ServerAndBrowser = { server: E2eServer; browser: Browser }

/**
 * `it.beforeAll(startServerAndBrowser)` in a file with nothing else to do before its tests: asked
 * for there, the server and the browser start under the hooks' time limit (a loaded machine takes
 * over 30 s to start a server) instead of within the first test's own.
 */
export async function startServerAndBrowser({ server, browser }: ServerAndBrowser): Promise<void> {
  await Promise.all([server, browser])
}
