// Issue 15 (10) in a real browser: a citizen switches to English, then to Wolof, and reads the
// categories, the dates and the labels in that language on the home page, the report form and
// the tracking page; a category without a translation keeps its French name.
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { categories } from '../src/server/db/schema'
import { dakarContext, gotoReady, recordRemovedElements, removedTexts } from './support/browser'
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

// Without the service worker: with it, after the language changes, a navigation sometimes never
// reaches the server (about 2 runs in 5 on 5 December 2026, at 62d3a31 too; none in 5 runs without
// it). That hang is the service worker's, left for its own fix (see the note on issue 32); these
// tests are about the server's rendering in each language. e2e/reach.spec.ts tests the worker.
const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const

async function newPage({
  server,
  browser,
}: ServerAndBrowser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await dakarContext(browser, {
    viewport: { width: 390, height: 844 },
    ...WITHOUT_SERVICE_WORKER,
  })
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
      const context = await dakarContext(browser, {
        viewport: { width: 360, height: 740 },
        ...WITHOUT_SERVICE_WORKER,
      })
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
          errors.push(message.text())
        }
      })
      page.on('pageerror', (error) => errors.push(error.message))
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
