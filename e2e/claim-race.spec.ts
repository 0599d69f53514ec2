// Two organisations of the same category look at the same report: one is reading the claim's
// confirmation when the other takes it. The first one's dialog closes at once, saying so
// (issue 15, item 8), through the live events its page already receives.
import type { Page, Response } from 'playwright-core'
import { describe, expect } from 'vitest'
import { createOrganization, ORG_PASSWORD } from '../src/server/test/accounts'
import { dakarContext, gotoReady } from './support/browser'
import { it, type ServerAndBrowser } from './support/fixtures'
import { fileReportAsCitizen } from './support/organization-api'
import type { E2eServer } from './support/server'

let medina: { email: string }
let plateau: { email: string }

it.beforeAll(async ({ server }) => {
  const db = server.db.db
  medina = await createOrganization(db, { name: 'Mairie de la Médina', categories: ['Voirie'] })
  plateau = await createOrganization(db, { name: 'Mairie du Plateau', categories: ['Voirie'] })
})

/** The organisation's page, signed in, and the opening of its live stream. */
async function signedIn(
  { server, browser }: ServerAndBrowser,
  email: string,
): Promise<{ page: Page; streamOpen: Promise<Response> }> {
  const context = await dakarContext(browser, { viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await gotoReady(page, `${server.url}/organization/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(ORG_PASSWORD)
  // The organisation space's one live stream, opened once its first page is idle.
  const streamOpen = page.waitForResponse((response) => response.url().includes('/api/events?'))
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('heading', { name: /^Bienvenue/ }).waitFor()
  return { page, streamOpen }
}

/** The other organisation claims the report through the API, as its own screen would. */
async function claimAs(server: E2eServer, email: string, reportId: string): Promise<number> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userType: 'organization', email, password: ORG_PASSWORD }),
  })
  expect(login.status).toBe(200)
  const { token } = (await login.json()) as { token: string }
  const claim = await fetch(`${server.url}/api/org/reports/${reportId}/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  })
  return claim.status
}

describe('claim race', () => {
  it('closes the confirmation with SPEC.md’s message when another organisation takes the report', async ({
    server,
    browser,
  }) => {
    const filed = await fileReportAsCitizen(server.url, {
      description: 'Nid-de-poule profond au milieu de la chaussée, avenue Peytavin.',
    })
    const { page, streamOpen } = await signedIn({ server, browser }, medina.email)
    // Moving within the space keeps its stream, which brings the news.
    await page.getByRole('link', { name: 'Signalements disponibles' }).first().click()
    await page.getByRole('heading', { name: 'Signalements disponibles', level: 1 }).waitFor()
    await page
      .getByRole('button', { name: `Prendre en charge le signalement ${filed.anonymous_code}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Prendre en charge ce signalement ?' })
    await dialog.waitFor()
    expect((await streamOpen).status()).toBe(200)

    expect(await claimAs(server, plateau.email, filed.id)).toBe(200)
    await page.getByText('Ce signalement a déjà été pris en charge par une autre organisation').waitFor()
    await dialog.waitFor({ state: 'hidden' })
    // The report has left the list; nothing was claimed on this side.
    await page
      .getByRole('button', { name: `Prendre en charge le signalement ${filed.anonymous_code}` })
      .waitFor({ state: 'detached' })
    const tracked = (await (
      await fetch(`${server.url}/api/reports/track/${filed.anonymous_code}`)
    ).json()) as {
      organization_name: string
    }
    expect(tracked.organization_name).toBe('Mairie du Plateau')
    await page.context().close()
  })
})
