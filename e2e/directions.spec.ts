// "Itinéraire" works on a computer too (issue 28, point 7): a `geo:` link does nothing on the
// laptop where an organisation's staff work, so there it opens OpenStreetMap's directions; a
// phone's touch screen keeps `geo:`, which opens its map application.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization, ORG_PASSWORD } from '../src/server/test/accounts'
import { gotoReady, launchBrowser } from './support/browser'
import { type FiledReport, fileReportAsCitizen } from './support/organization-api'
import { type E2eServer, startE2eServer } from './support/server'

let server: E2eServer
let browser: Browser
let organization: { email: string }
let filed: FiledReport

beforeAll(async () => {
  server = await startE2eServer()
  browser = await launchBrowser()
  organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
  filed = await fileReportAsCitizen(server.url, { description: 'Caniveau effondré au carrefour.' })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The report's details as the organisation's agent opens them, on a laptop or on a phone. */
async function reportDetails(device: 'laptop' | 'phone'): Promise<Page> {
  const phone = device === 'phone'
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Africa/Dakar',
    viewport: phone ? { width: 360, height: 780 } : { width: 1366, height: 768 },
    hasTouch: phone,
    isMobile: phone,
  })
  await context.route(/tile\.openstreetmap\.org|nominatim/, (route) => route.fulfill({ status: 204 }))
  const page = await context.newPage()
  await gotoReady(page, `${server.url}/organization/login`)
  await page.getByLabel('Email').fill(organization.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(ORG_PASSWORD)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('heading', { name: /^Bienvenue/ }).waitFor()
  await gotoReady(page, `${server.url}/organization/available-reports`)
  await page.getByRole('button', { name: `Voir le signalement ${filed.anonymous_code}` }).click()
  await page
    .getByRole('dialog', { name: 'Détails du signalement' })
    .getByText('14.67950, -17.44820')
    .waitFor()
  return page
}

describe('Itinéraire', () => {
  it('opens OpenStreetMap’s directions to the report on a 1366 px laptop', async () => {
    const page = await reportDetails('laptop')
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
    // One "Itinéraire" only, the one a computer can follow.
    const directions = dialog.getByRole('link', { name: /^Itinéraire/ })
    expect(await directions.count()).toBe(1)
    expect(await directions.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/directions?to=14.67950,-17.44820',
    )
    expect(await directions.getAttribute('target')).toBe('_blank')
    expect(await directions.isVisible()).toBe(true)
    await page.context().close()
  })

  it('opens the phone’s map application (geo:) on a 360 px touch screen', async () => {
    const page = await reportDetails('phone')
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
    const directions = dialog.getByRole('link', { name: /^Itinéraire/ })
    expect(await directions.count()).toBe(1)
    expect(await directions.getAttribute('href')).toBe('geo:14.67950,-17.44820?q=14.67950,-17.44820(Voirie)')
    expect(await directions.isVisible()).toBe(true)
    await page.context().close()
  })
})
