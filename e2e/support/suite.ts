// What a browser test file starts before its tests and stops after them, and the browser
// context of a person in Dakar: French, Dakar's time, the outside world's tiles and geocoder
// answered with nothing (no network here, and no test may depend on it).
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'
import { launchBrowser } from './browser'
import { type E2eServer, startE2eServer } from './server'

export interface Suite {
  server: E2eServer
  browser: Browser
}

/** The app on a throwaway database, and a browser. */
export async function startSuite(options: Parameters<typeof startE2eServer>[0] = {}): Promise<Suite> {
  const server = await startE2eServer(options)
  return { server, browser: await launchBrowser() }
}

/** Stops what `startSuite` started, even when it failed half-way. */
export async function stopSuite(suite: Partial<Suite>): Promise<void> {
  await suite.browser?.close()
  await suite.server?.stop()
}

/** The centre of Dakar's Plateau, where the test phones say they are. */
export const DAKAR_PLATEAU = { latitude: 14.6937, longitude: -17.4441 }

/** A new browser context as a person in Dakar has it; `options` add to it (a viewport, a phone…). */
export async function dakarContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Africa/Dakar', ...options })
  await context.route(/tile\.openstreetmap\.org|nominatim/, (route) => route.fulfill({ status: 204 }))
  return context
}
