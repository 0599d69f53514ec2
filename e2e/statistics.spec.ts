// /statistiques: the city's record for everyone, rendered by the server with its charts as SVG, so
// that it reads whole in Chromium with JavaScript off; and the open data it links to.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { createOrganization } from '../src/server/test/accounts'
import { seriousViolations } from './support/accessibility'
import { dakarContext, gotoReady, recordRemovedElements, removedTexts } from './support/browser'
import { it, type ServerAndBrowser } from './support/fixtures'
import {
  callApi,
  type FiledReport,
  fileReportAsCitizen,
  signInOrganization,
} from './support/organization-api'

let handled: FiledReport
let organizationName: string

it.beforeAll(async ({ server }) => {
  handled = await fileReportAsCitizen(server.url, { description: 'Lampadaire éteint depuis une semaine.' })
  await fileReportAsCitizen(server.url, { description: 'Nid-de-poule devant la pharmacie.' })
  const organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
  organizationName = organization.name
  const token = await signInOrganization(server.url, organization.email)
  await callApi(server.url, `/api/org/reports/${handled.id}/claim`, { method: 'POST', token })
  await callApi(server.url, `/api/org/reports/${handled.id}`, {
    method: 'PATCH',
    token,
    body: { status: 'resolu' },
  })
})

async function openStatistics(
  { server, browser }: ServerAndBrowser,
  javaScriptEnabled: boolean,
): Promise<Page> {
  const context = await dakarContext(browser, { javaScriptEnabled })
  const page = await context.newPage()
  if (javaScriptEnabled) await gotoReady(page, `${server.url}/statistiques`)
  else await page.goto(`${server.url}/statistiques`)
  return page
}

describe('/statistiques', () => {
  it('shows its figures and its SVG charts in Chromium with JavaScript off', async ({ server, browser }) => {
    const page = await openStatistics({ server, browser }, false)
    await page.getByRole('heading', { level: 1, name: 'Statistiques publiques' }).waitFor()
    expect(await page.locator('script[src]').count()).toBe(0)
    const categories = page.getByRole('region', { name: 'Par catégorie' })
    await categories.getByText('Voirie', { exact: true }).waitFor()
    expect(await categories.locator('svg rect').count()).toBeGreaterThan(0)
    const organizations = page.getByRole('region', { name: 'Par organisation' })
    await organizations.getByText(organizationName, { exact: true }).waitFor()
    await organizations.locator('li span', { hasText: /100\s%\srésolus \(1 sur 1\)/ }).waitFor()
    const trend = page.getByRole('region', { name: 'Semaine après semaine' })
    expect(await trend.locator('svg polyline').count()).toBe(2)
    expect(await trend.locator('svg').first().boundingBox()).toMatchObject({ width: expect.any(Number) })
    const map = page.getByRole('region', { name: 'Où sont les problèmes en cours' })
    expect(await map.locator('svg circle.fill-red-600\\/60').count()).toBeGreaterThan(0)
    // The charts are drawn, not empty boxes: the trend's line has a length on the page.
    const lineWidth = await trend
      .locator('svg polyline')
      .first()
      .evaluate((line) => line.getBoundingClientRect().width)
    expect(lineWidth).toBeGreaterThan(100)
    await page.context().close()
  })

  it('draws the 19 communes of Dakar on the map of open reports, each named where one reads it on a phone', async ({
    server,
    browser,
  }) => {
    const context = await dakarContext(browser, {
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    })
    const page = await context.newPage()
    await page.goto(`${server.url}/statistiques`)
    const map = page.getByRole('region', { name: 'Où sont les problèmes en cours' }).locator('svg')
    const names = await map.locator('text').evaluateAll((texts) =>
      texts.map((text) => {
        const { left, top, right, bottom } = text.getBoundingClientRect()
        return { name: text.textContent, left, top, right, bottom }
      }),
    )
    expect(names.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['Médina', 'Yoff', 'Ngor', 'Gorée', 'Dakar-Plateau', 'Patte d’Oie']),
    )
    expect(names).toHaveLength(19)
    // Every name inside the map, and no name over another.
    const frame = await map.evaluate((svg) => svg.getBoundingClientRect().toJSON())
    for (const name of names) {
      expect(name.left).toBeGreaterThanOrEqual(frame.left)
      expect(name.right).toBeLessThanOrEqual(frame.right)
      expect(name.top).toBeGreaterThanOrEqual(frame.top)
      expect(name.bottom).toBeLessThanOrEqual(frame.bottom)
    }
    const overlapping = names.flatMap((a, i) =>
      names
        .slice(i + 1)
        .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        .map((b) => `${a.name} / ${b.name}`),
    )
    expect(overlapping).toEqual([])
    await context.close()
  })

  it('is hydrated by the app as the server rendered it', async ({ server, page }) => {
    await recordRemovedElements(page)
    await gotoReady(page, `${server.url}/statistiques`)
    await page.getByRole('region', { name: 'Par catégorie' }).waitFor()
    expect(await removedTexts(page, ['Par catégorie', 'Semaine après semaine', organizationName])).toEqual([])
  })

  it('is linked from the footer, and has no serious accessibility violation', async ({ server, browser }) => {
    const page = await openStatistics({ server, browser }, true)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Statistiques' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it('offers the open data, which holds no code or device', async ({ server }) => {
    const res = await fetch(`${server.url}/api/public/reports.geojson`)
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text).features).toHaveLength(2)
    for (const secret of [handled.anonymous_code, handled.citizenToken]) expect(text).not.toContain(secret)
  })
})
