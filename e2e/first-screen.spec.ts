// The public citizen pages arrive drawn by the server, with their data, before any JavaScript
// runs (docs/decisions/0003-server-rendered-first-screen.md), and the app then takes them over.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './support/browser'
import { fileReportAsCitizen } from './support/organization-api'
import { type E2eServer, startE2eServer } from './support/server'

let server: E2eServer
let browser: Browser

beforeAll(async () => {
  server = await startE2eServer()
  browser = await launchBrowser()
  await server.insertReport({
    description: 'Lampadaire éteint depuis deux semaines devant la pharmacie.',
    categoryName: 'Éclairage public',
    created_at: '2026-11-20T09:30:00Z',
  })
  await server.insertReport({
    description: 'Nid-de-poule profond au carrefour, les motos tombent.',
    categoryName: 'Voirie',
    created_at: '2026-11-21T16:00:00Z',
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openWithoutJavaScript(path: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' })
  const page = await context.newPage()
  await page.goto(`${server.url}${path}`)
  return page
}

describe('pages drawn by the server', () => {
  it('shows the home page’s count and recent reports before any JavaScript runs', async () => {
    const page = await openWithoutJavaScript('/')
    await page.getByText('2 incident(s) rapporté(s) dans le département de Dakar').waitFor()
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    const cards = page.getByRole('article')
    expect(await cards.count()).toBe(2)
    expect(await cards.first().innerText()).toContain('Voirie')
    expect(await cards.nth(1).innerText()).toContain('20 novembre 2026')
    await page.context().close()
  })

  it('shows the report form with its categories before any JavaScript runs', async () => {
    const page = await openWithoutJavaScript('/signaler')
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    await page.getByRole('radio', { name: 'Voirie' }).waitFor()
    await page.getByRole('radio', { name: 'Éclairage public' }).waitFor()
    await page.context().close()
  })

  it('shows a report filed a moment ago, not an older drawing of the page', async () => {
    const before = await (await fetch(`${server.url}/`)).text()
    expect(before).toContain('2 incident(s) rapporté(s)')
    await fileReportAsCitizen(server.url, { description: 'Ordures entassées devant le marché depuis lundi.' })
    const after = await (await fetch(`${server.url}/`)).text()
    expect(after).toContain('3 incident(s) rapporté(s)')
    expect(after).toContain('Ordures entassées devant le marché depuis lundi.')
  })

  it('is taken over by the app without being drawn again', async () => {
    const context = await browser.newContext({ locale: 'fr-FR' })
    await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }))
    const page = await context.newPage()
    // Records every element of the server's drawing that the app throws away.
    await page.addInitScript({
      content: `window.__removed = []; new MutationObserver((records) => {
        for (const record of records) for (const node of record.removedNodes)
          if (node.nodeType === 1) window.__removed.push(node.textContent)
      }).observe(document, { childList: true, subtree: true })`,
    })
    await page.goto(`${server.url}/`)
    // The app has started: the map replaces its loading state, and links navigate in the page.
    await page.locator('.leaflet-container').waitFor()
    const removed = (await page.evaluate('window.__removed')) as string[]
    expect(
      removed.filter(
        (text) => text.includes('incident(s) rapporté(s)') || text.includes('Incidents récents'),
      ),
    ).toEqual([])
    await page.getByRole('link', { name: 'Signaler', exact: true }).click()
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    await context.close()
  })
})
