// "Itinéraire" works on a computer too (issue 28, point 7): a `geo:` link does nothing on the
// laptop where an organisation's staff work, so there it opens OpenStreetMap's directions; a
// phone's touch screen keeps `geo:`, which opens its map application.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { createOrganization, ORG_PASSWORD } from '../src/server/test/accounts'
import { dakarContext, gotoReady } from './support/browser'
import { it, type ServerAndBrowser } from './support/fixtures'
import { type FiledReport, fileReportAsCitizen } from './support/organization-api'

let organization: { email: string }
let filed: FiledReport

it.beforeAll(async ({ server }) => {
  organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
  filed = await fileReportAsCitizen(server.url, { description: 'Caniveau effondré au carrefour.' })
})

/** The report's details as the organisation's agent opens them, on a laptop or on a phone. */
async function reportDetails(
  { server, browser }: ServerAndBrowser,
  device: 'laptop' | 'phone',
): Promise<Page> {
  const phone = device === 'phone'
  const context = await dakarContext(browser, {
    viewport: phone ? { width: 360, height: 780 } : { width: 1366, height: 768 },
    hasTouch: phone,
    isMobile: phone,
  })
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
  it('opens OpenStreetMap’s directions to the report on a 1366 px laptop', async ({ server, browser }) => {
    const page = await reportDetails({ server, browser }, 'laptop')
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

  it('opens the phone’s map application (geo:) on a 360 px touch screen', async ({ server, browser }) => {
    const page = await reportDetails({ server, browser }, 'phone')
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
    const directions = dialog.getByRole('link', { name: /^Itinéraire/ })
    expect(await directions.count()).toBe(1)
    expect(await directions.getAttribute('href')).toBe('geo:14.67950,-17.44820?q=14.67950,-17.44820(Voirie)')
    expect(await directions.isVisible()).toBe(true)
    await page.context().close()
  })
})
