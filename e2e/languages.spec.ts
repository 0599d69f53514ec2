// Issue 15 (10) in a real browser: a citizen switches to English, then to Wolof, and reads the
// categories, the dates and the labels in that language on the home page, the report form and
// the tracking page; a category without a translation keeps its French name.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { categories } from '../src/server/db/schema'
import {
  dakarContext,
  gotoReady,
  recordRemovedElements,
  removedTexts,
  serviceWorkerInControl,
} from './support/browser'
import { it, type ServerAndBrowser } from './support/fixtures'

let code: string

// Noon in Dakar (UTC all year): the same day in every time zone a test machine may have.
const FILED_AT = '2026-11-03T12:00:00Z'

it.beforeAll(async ({ server }) => {
  const report = await server.insertReport({
    categoryName: 'Voirie',
    // A code of the tracking alphabet (the factory's random ones may hold a 0 or a 1).
    anonymous_code: '7KQ2M9XD',
    description: 'Nid-de-poule devant le marché Tilène',
    created_at: FILED_AT,
    updated_at: FILED_AT,
  })
  code = report.anonymous_code
  // A category the administrators added without translating it.
  await server.db.db.insert(categories).values({ nom: 'Marchés' })
})

// With the service worker, as a phone has it: a language is in the worker's address, so each new
// choice installs a worker of its own while the citizen goes on reading (issue 47, point 12).
async function newPage({
  server,
  browser,
}: ServerAndBrowser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await dakarContext(browser, { viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await gotoReady(page, `${server.url}/`)
  return { context, page }
}

async function chooseLanguage(page: Page, language: 'English' | 'Wolof') {
  await page.getByRole('button', { name: /Ouvrir le menu|Open the menu|Ubbi menu bi/ }).click()
  await page.getByRole('radio', { name: language }).check()
  await page.keyboard.press('Escape')
}

/** The pages of one language: what the citizen reads on them. */
const LANGUAGES = [
  {
    name: 'English',
    lang: 'en',
    recentTitle: 'Recent incidents',
    category: 'Roads',
    otherCategories: ['Street lighting', 'Cleanliness', 'Sanitation', 'Other'],
    date: '3 November 2026',
    formLegend: 'What is the problem?',
    codeLabel: 'Code:',
    filedLabel: 'Reported on',
  },
  {
    name: 'Wolof',
    lang: 'wo',
    recentTitle: 'Jafe-jafe yu bees yi',
    category: 'Mbedd yi',
    otherCategories: ['Leeru mbedd yi', 'Set-setal', 'Tuyo ak ndox mu ñaaw', 'Yeneen'],
    date: '3 Nowàmbar, 2026',
    formLegend: 'Lan mooy jafe-jafe bi ?',
    codeLabel: 'Kod :',
    filedLabel: 'Yégle nañu ko',
  },
] as const

describe('a citizen who reads English, then Wolof', () => {
  it('reads the categories, dates and labels in that language on home, form and tracking', async ({
    server,
    browser,
  }) => {
    const { context, page } = await newPage({ server, browser })
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    for (const language of LANGUAGES) {
      await chooseLanguage(page, language.name)
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language.lang)

      // Home: the recent report's card.
      await gotoReady(page, `${server.url}/`)
      await page.getByRole('heading', { name: language.recentTitle }).waitFor()
      const card = page.getByRole('article').filter({ hasText: 'Nid-de-poule devant le marché Tilène' })
      await card.getByRole('link', { name: language.category, exact: true }).waitFor()
      await card.getByText(language.date, { exact: true }).waitFor()
      expect(await card.textContent()).not.toMatch(/Voirie|novembre/)

      // The report form's category picker: the default ones translated, the other in French.
      await gotoReady(page, `${server.url}/signaler`)
      const picker = page.getByRole('group', { name: language.formLegend })
      for (const name of [language.category, ...language.otherCategories, 'Marchés']) {
        await picker.getByRole('radio', { name, exact: true }).waitFor({ state: 'attached' })
      }
      expect(await picker.textContent()).not.toMatch(/Voirie|Éclairage public|Propreté|Assainissement|Autre/)

      // Tracking: the category, "Code:" and the dates.
      await gotoReady(page, `${server.url}/suivi?code=${code}`)
      const tracked = page.getByRole('article')
      await tracked.getByRole('heading', { name: language.category, exact: true }).waitFor()
      await tracked.getByText(`${language.codeLabel} ${code}`, { exact: true }).waitFor()
      await tracked.getByText(language.filedLabel, { exact: true }).first().waitFor()
      await tracked.getByText(language.date, { exact: true }).first().waitFor()
      expect(await tracked.textContent()).not.toMatch(/Voirie|novembre|Code\s:/)
    }
    await context.close()
  })
})

// Issue 28: English and Wolof pages stayed blank for seconds (hidden until the browser had the
// texts and rendered the page again in French's place).
describe('a page opened by a citizen who reads English or Wolof', () => {
  for (const language of LANGUAGES) {
    it(`arrives rendered in ${language.name}, its text shown from the first paint and kept by the app`, async ({
      server,
      browser,
    }) => {
      const context = await dakarContext(browser, { viewport: { width: 360, height: 740 } })
      const page = await context.newPage()
      await gotoReady(page, `${server.url}/`)
      await chooseLanguage(page, language.name)
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language.lang)

      // The next page, as the phone downloads it: its HTML already in that language.
      const html = await (await context.request.get(`${server.url}/suivi?code=${code}`)).text()
      expect(html).toContain(`<html lang="${language.lang}">`)
      // What the page shows, without its data for the app (which holds the French names).
      const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('id="hydration-data"'))
      for (const text of [language.codeLabel, language.category, language.date]) expect(root).toContain(text)
      expect(root).not.toMatch(/Voirie|novembre|Code\u202f:/)

      // Shown at once, never hidden while the app hydrates it, never rendered again.
      const errors: string[] = []
      page.on('console', (message) => {
        // The browser's own line for an answer it got (the form's address lookup: no geocoder here).
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(`${new URL(page.url()).pathname}: ${message.text()}`)
        }
      })
      page.on('pageerror', (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`))
      await recordRemovedElements(page)
      await page.goto(`${server.url}/suivi?code=${code}`, { waitUntil: 'commit' })
      await page.waitForFunction(() => document.body !== null)
      const tracked = page.getByRole('article')
      await tracked.getByText(`${language.codeLabel} ${code}`, { exact: true }).waitFor()
      expect(await page.evaluate(() => document.documentElement.classList.contains('translating'))).toBe(
        false,
      )
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
      expect(await removedTexts(page, [`${language.codeLabel} ${code}`])).toEqual([])
      // The other citizen pages alike: hydrated as they were rendered, the same texts on both sides.
      for (const path of ['/', '/signaler', '/a-propos', '/statistiques']) {
        await page.goto(`${server.url}${path}`, { waitUntil: 'commit' })
        await page.waitForFunction(() => document.body !== null)
        expect(await page.evaluate(() => document.documentElement.classList.contains('translating'))).toBe(
          false,
        )
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.lang)
      }
      expect(errors).toEqual([])
      await context.close()
    })
  }
})

// Issue 47, point 12: the worker of a newly chosen language took over at once (skipWaiting), and
// the browser stopped the worker that was answering the page's next navigation, which then never
// committed. The new worker now waits while a page of the site is open.
describe('the service worker of a newly chosen language', () => {
  const workerOf = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')
  /** The registration's active worker, as a running worker of the context sees it ('' if none runs). */
  async function activeWorkerOf(context: BrowserContext): Promise<string> {
    for (const worker of context.serviceWorkers()) {
      const active = await worker
        .evaluate(
          () =>
            (self as unknown as { registration: ServiceWorkerRegistration }).registration.active?.scriptURL ??
            '',
        )
        .catch(() => '')
      if (active) return active
    }
    return ''
  }

  it('waits while the site is open, its pages still served, and serves the next visit', async ({
    server,
    browser,
  }) => {
    const context = await dakarContext(browser, { viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await gotoReady(page, `${server.url}/`)
    await serviceWorkerInControl(page)
    expect(await workerOf(page)).toContain('language=fr')
    await chooseLanguage(page, 'English')
    // The next page registers the English worker, which installs (its texts kept) and waits.
    await gotoReady(page, `${server.url}/signaler`)
    await page.waitForFunction(async () =>
      (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL.includes('language=en'),
    )
    for (const path of ['/', `/suivi?code=${code}`]) {
      await gotoReady(page, `${server.url}${path}`)
      expect(await workerOf(page)).toContain('language=fr')
    }
    // Once no page of the site is open, the browser lets the English worker take over, and the
    // next visit is its own.
    await page.close()
    await expect.poll(() => activeWorkerOf(context), { timeout: 15_000 }).toContain('language=en')
    const next = await context.newPage()
    await gotoReady(next, `${server.url}/`)
    expect(await workerOf(next)).toContain('language=en')
    await next.getByRole('heading', { name: 'Recent incidents' }).waitFor()
    await context.close()
  })
})
