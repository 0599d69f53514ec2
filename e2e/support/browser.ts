// Debian's Chromium driven by playwright-core (Playwright cannot download its own browser here),
// and the browser context of a person in Dakar: French, Dakar's time, the outside world's tiles
// and geocoder answered with nothing (no network here, and no test may depend on it).
import { existsSync } from 'node:fs'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core'
import { STORE_NAMES } from '../../src/domain/constants'
import { APP_READY_ATTRIBUTE } from '../../src/web/lib/page-markup'
import { E2E_ADMIN } from './server'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  // A missing browser fails the suite: a browser test that silently skips proves nothing.
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium"`)
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  })
}

/** What the browsers of citizen and organisation tests need: a camera and microphone that ask nothing. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']

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

/** Makes the context the phone that filed a report: its citizen token where the app keeps it. */
export async function rememberCitizenToken(context: BrowserContext, citizenToken: string): Promise<void> {
  await context.addInitScript(
    ([name, token]) => {
      localStorage.setItem(name, JSON.stringify({ state: { citizenToken: token }, version: 1 }))
    },
    [STORE_NAMES.citizenDevice, citizenToken] as const,
  )
}

/**
 * Opens a page and waits until the app has hydrated it: a page rendered by the server shows before
 * its buttons work, and a test clicks faster than a person.
 */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.locator(`html[${APP_READY_ATTRIBUTE}]`).waitFor({ state: 'attached' })
}

/** Signs the e2e server's super administrator in through the login page, up to the dashboard. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await gotoReady(page, `${baseUrl}/admin/login`)
  await page.getByLabel('Nom d’utilisateur').fill(E2E_ADMIN.username)
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor()
}

/** A new page of the context at `url`, once the app has hydrated it (`gotoReady`). */
export async function newReadyPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await gotoReady(page, url)
  return page
}

/** Once the service worker controls the page, the screens opened are kept for offline use. */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  }
}

/**
 * Records the text of every element removed from the page from its first byte on: what the app
 * threw away of the server's rendering when it hydrated the page. Read it with `removedTexts`.
 */
export async function recordRemovedElements(page: Page): Promise<void> {
  await page.addInitScript({
    content: `window.__removed = []; new MutationObserver((records) => {
      for (const record of records) for (const node of record.removedNodes)
        if (node.nodeType === 1) window.__removed.push(node.textContent)
    }).observe(document, { childList: true, subtree: true })`,
  })
}

/** The texts of the elements removed since `recordRemovedElements`, those containing one of `texts`. */
export async function removedTexts(page: Page, texts: string[]): Promise<string[]> {
  const removed = (await page.evaluate('window.__removed')) as string[]
  return removed.filter((text) => texts.some((wanted) => text.includes(wanted)))
}

/** The home map's still preview (home-map-preview.tsx), shown until the visitor touches the map. */
export const HOME_MAP_PREVIEW = { name: 'Carte interactive de Dakar pour les signalements' }

/**
 * Touches the home map where nothing is drawn (its top left corner), as a visitor does to move it:
 * Leaflet starts and replaces the preview.
 */
export async function wakeHomeMap(page: Page): Promise<void> {
  await page.getByRole('button', HOME_MAP_PREVIEW).click({ position: { x: 4, y: 4 } })
  await page.locator('.leaflet-container').waitFor()
  await page.getByRole('button', HOME_MAP_PREVIEW).waitFor({ state: 'detached' })
}
