// The three journeys of issue 28, walked at 360 and 1366 px with every page opened afresh (a page
// rendered by the server, then hydrated by the app): a citizen files, finds the report under "Mes
// signalements" and tracks it; an organisation claims a report, changes its status and writes to
// the citizen; an administrator reads the dashboard, the reports filtered by text and status, the
// organisations and the API keys. Any error the app writes in the console, or any uncaught error
// (a hydration mismatch is React's error #418), fails the walk.
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { createOrganization, ORG_PASSWORD } from '../src/server/test/accounts'
import { DAKAR_PLATEAU, dakarContext, gotoReady } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'
import { fileReportAsCitizen } from './support/organization-api'
import type { E2eServer } from './support/server'

const VIEWPORTS = [
  { name: 'a phone (360 px)', width: 360, height: 740 },
  { name: 'a computer (1366 px)', width: 1366, height: 768 },
]

function newContext(browser: Browser, width: number, height: number): Promise<BrowserContext> {
  return dakarContext(browser, {
    viewport: { width, height },
    geolocation: DAKAR_PLATEAU,
    permissions: ['geolocation'],
  })
}

/**
 * What the app writes as an error in the console, and what it throws uncaught, with the page it
 * happened on. The browser's own line for an answer of status 400 or more ("Failed to load
 * resource") is the network's, not the app's: an expected refusal (no geocoder here) writes it.
 */
function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return
    if (/^Failed to load resource: the server responded with a status of \d+/.test(message.text())) return
    errors.push(`${new URL(page.url()).pathname}${new URL(page.url()).search}: ${message.text()}`)
  })
  page.on('pageerror', (error) => errors.push(`${page.url()}: uncaught ${error.message}`))
  return errors
}

/** Opens a page afresh, as a link from outside or a reload does, and waits for the app. */
async function visit(server: E2eServer, page: Page, path: string, heading: string | RegExp) {
  await gotoReady(page, `${server.url}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).first().waitFor()
}

it.beforeAll(startServerAndBrowser)

describe.each(VIEWPORTS)('the three journeys on $name', ({ width, height }) => {
  it('the citizen files, finds the report and tracks it, with no error in the console', async ({
    server,
    browser,
  }) => {
    const context = await newContext(browser, width, height)
    const page = await context.newPage()
    const errors = watchConsole(page)

    await gotoReady(page, `${server.url}/`)
    await page.getByRole('link', { name: 'Signaler un problème' }).first().click()
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    await page.locator('label').filter({ hasText: 'Voirie' }).click()
    await page.getByLabel('Adresse').fill('Avenue Cheikh Anta Diop, Fann')
    await page.getByLabel('Description').fill('Nid-de-poule profond devant l’université.')
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await page.getByRole('heading', { name: 'Merci ! Votre signalement est envoyé' }).waitFor()
    const code = (await page.getByTestId('anonymous-code').innerText()).trim()

    await visit(server, page, '/mes-signalements', 'Mes signalements')
    await page.getByRole('article').filter({ hasText: code }).first().waitFor()
    await visit(server, page, `/suivi?code=${code}`, 'Suivi des signalements')
    await page.getByRole('article').getByText('Envoyé').first().waitFor()

    expect(errors).toEqual([])
    await context.close()
  })

  it('the organisation claims a report, changes its status and writes, with no error in the console', async ({
    server,
    browser,
  }) => {
    const organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
    const filed = await fileReportAsCitizen(server.url, { description: `Caniveau bouché (${width} px)` })
    const context = await newContext(browser, width, height)
    const page = await context.newPage()
    const errors = watchConsole(page)

    await visit(server, page, '/organization/login', /Espace Organisation|Connexion/)
    await page.getByLabel('Email').fill(organization.email)
    await page.getByLabel('Mot de passe', { exact: true }).fill(ORG_PASSWORD)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByRole('heading', { name: `Bienvenue, ${organization.name}` }).waitFor()

    await visit(server, page, '/organization/available-reports', 'Signalements disponibles')
    const card = page.getByRole('article').filter({ hasText: filed.anonymous_code })
    await card
      .getByRole('button', { name: `Prendre en charge le signalement ${filed.anonymous_code}` })
      .click()
    await page
      .getByRole('dialog', { name: 'Prendre en charge ce signalement ?' })
      .getByRole('button', { name: 'Prendre en charge' })
      .click()
    await page.getByText('Signalement pris en charge').waitFor()

    await visit(server, page, '/organization/managed-reports', 'Mes signalements')
    await page
      .getByRole('combobox', { name: `Statut du signalement ${filed.anonymous_code}` })
      .selectOption({ label: 'En cours' })
    await visit(server, page, '/organization/notifications', 'Notifications')
    await page
      .getByRole('button', { name: `Envoyer un message au citoyen du signalement ${filed.anonymous_code}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Envoyer un message' })
    await dialog.getByLabel('Titre').fill('Intervention prévue')
    await dialog.getByLabel('Message').fill('Une équipe passe demain matin.')
    await dialog.getByRole('button', { name: 'Envoyer' }).click()
    await page.getByText('Notification envoyée').waitFor()

    expect(errors).toEqual([])
    await context.close()
  })

  it('the administrator reads the dashboard, the filtered reports, the organisations and the API keys, with no error in the console', async ({
    server,
    browser,
  }) => {
    await fileReportAsCitizen(server.url, { description: 'Lampadaire éteint à la Médina' })
    const context = await newContext(browser, width, height)
    const page = await context.newPage()
    const errors = watchConsole(page)

    await visit(server, page, '/admin/login', 'Administration')
    await page.getByLabel('Nom d’utilisateur').fill('admin')
    await page.getByLabel('Mot de passe', { exact: true }).fill('admin-e2e-password')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor()

    await visit(server, page, '/admin/dashboard', 'Tableau de bord')
    await visit(server, page, '/admin/reports?q=Lampadaire', 'Gestion des signalements')
    await page.getByText('Lampadaire éteint à la Médina').first().waitFor()
    await visit(server, page, '/admin/reports?statut=en-attente', 'Gestion des signalements')
    await visit(server, page, '/admin/organizations', 'Organisations')
    await visit(server, page, '/admin/api-keys', 'Clés API Open311')

    expect(errors).toEqual([])
    await context.close()
  })
})
