// Every report has a public page, /signalements/:id: rendered by the server (readable and shareable
// before any JavaScript runs, with its sharing card), reached from the home page's cards, the map's
// popups and list, and /suivi. Never its code, photo, voice note or messages.
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

const DEVICE_POSITION = { latitude: 14.6928, longitude: -17.4467 }
const DESCRIPTION = 'Nid-de-poule profond devant l’école Kléber.'
const MESSAGE_TITLE = 'Rendez-vous jeudi matin'
const MESSAGE_TEXT = 'Appelez le 77 111 11 11 pour nous guider.'

/** Filed with a photo, claimed by an organisation that wrote to its citizen. */
let handled: FiledReport
let organizationName: string
let organizationToken: string

it.beforeAll(async ({ server }) => {
  handled = await fileReportAsCitizen(server.url, { description: DESCRIPTION })
  const organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
  organizationName = organization.name
  organizationToken = await signInOrganization(server.url, organization.email)
  await callApi(server.url, `/api/org/reports/${handled.id}/claim`, {
    method: 'POST',
    token: organizationToken,
  })
  await callApi(server.url, `/api/org/reports/${handled.id}/notifications`, {
    method: 'POST',
    token: organizationToken,
    body: { title: MESSAGE_TITLE, message: MESSAGE_TEXT },
  })
})

async function openPage(
  { server, browser }: ServerAndBrowser,
  path: string,
  options: { javaScript?: boolean } = {},
): Promise<Page> {
  const context = await dakarContext(browser, {
    geolocation: DEVICE_POSITION,
    permissions: ['geolocation'],
    javaScriptEnabled: options.javaScript ?? true,
  })
  const page = await context.newPage()
  if (options.javaScript === false) await page.goto(`${server.url}${path}`)
  else await gotoReady(page, `${server.url}${path}`)
  return page
}

/** What must never be on a report's public page, in its HTML or its data. */
function expectNothingPrivate(html: string) {
  for (const secret of [
    handled.anonymous_code,
    handled.citizenToken,
    '/files/',
    MESSAGE_TITLE,
    '77 111 11 11',
  ]) {
    expect(html, secret).not.toContain(secret)
  }
}

describe('a report’s public page', () => {
  it('opens from its card on the home page, with its status, organisation, history and map', async ({
    server,
    browser,
  }) => {
    const page = await openPage({ server, browser }, '/')
    const card = page.getByRole('article').filter({ hasText: DESCRIPTION })
    await card.getByRole('link', { name: 'Voirie' }).click()
    await page.waitForURL(`${server.url}/signalements/${handled.id}`)
    await page.getByRole('heading', { level: 1, name: 'Voirie' }).waitFor()
    const report = page.getByRole('article', { name: 'Voirie' })
    await report.getByText(DESCRIPTION).waitFor()
    await report.getByText('En cours').waitFor()
    await report.getByText('Avenue Blaise Diagne, Médina').waitFor()
    await report.getByText(organizationName).waitFor()
    await report.getByText('Pris en charge', { exact: true }).waitFor()
    // The map, with the report's pin, once the page is up.
    const map = report.getByRole('region', { name: 'Carte du lieu du signalement' })
    await map.locator('.leaflet-container').waitFor()
    await map.locator('.leaflet-marker-icon[title="Lieu du signalement"]').waitFor()
    expect(await page.title()).toBe('Nid-de-poule profond devant l’école Kléber. – Voirie | Alertes urbaines')
    expectNothingPrivate(await page.content())
    await page.context().close()
  })

  it('has no serious or critical accessibility violation, map included', async ({ server, browser }) => {
    const page = await openPage({ server, browser }, `/signalements/${handled.id}`)
    await page.locator('.leaflet-marker-icon').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it('is rendered by the server: readable without JavaScript, with its sharing card', async ({
    server,
    browser,
  }) => {
    const res = await fetch(`${server.url}/signalements/${handled.id}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain(
      '<meta property="og:title" content="Nid-de-poule profond devant l’école Kléber. – Voirie | Alertes urbaines"/>',
    )
    expect(head).toContain(
      `<meta property="og:description" content="En cours – Avenue Blaise Diagne, Médina. Signalé le`,
    )
    expect(head).toContain(`Pris en charge par ${organizationName}.`)
    expect(head).toContain('<meta property="og:type" content="article"/>')
    expectNothingPrivate(html)

    const page = await openPage({ server, browser }, `/signalements/${handled.id}`, { javaScript: false })
    await page.getByRole('heading', { level: 1, name: 'Voirie' }).waitFor()
    const report = page.getByRole('article', { name: 'Voirie' })
    await report.getByText('En cours').waitFor()
    await report.getByText(organizationName).waitFor()
    await report.getByText('Historique').waitFor()
    await page.context().close()
  })

  it('is hydrated by the app as the server rendered it, then shows its map', async ({ server, browser }) => {
    const context = await dakarContext(browser)
    const page = await context.newPage()
    const hydrationErrors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('hydration'))
        hydrationErrors.push(message.text())
    })
    await recordRemovedElements(page)
    await gotoReady(page, `${server.url}/signalements/${handled.id}`)
    await page.locator('.leaflet-marker-icon').waitFor()
    expect(await removedTexts(page, [organizationName, 'Historique', DESCRIPTION])).toEqual([])
    expect(hydrationErrors).toEqual([])
    await context.close()
  })

  it('shows a status change at once', async ({ server, browser }) => {
    const before = await (await fetch(`${server.url}/signalements/${handled.id}`)).text()
    expect(before).not.toContain('Résolu</span>')
    await callApi(server.url, `/api/org/reports/${handled.id}`, {
      method: 'PATCH',
      token: organizationToken,
      body: { status: 'resolu' },
    })
    const page = await openPage({ server, browser }, `/signalements/${handled.id}`, { javaScript: false })
    await page.getByRole('article', { name: 'Voirie' }).getByText('Résolu', { exact: true }).waitFor()
    await page.context().close()
    await callApi(server.url, `/api/org/reports/${handled.id}`, {
      method: 'PATCH',
      token: organizationToken,
      body: { status: 'en-cours' },
    })
  })

  it('answers an unknown, malformed or rejected id with the not-found page and status 404', async ({
    server,
    browser,
  }) => {
    const rejected = await server.insertReport({ status: 'rejete', description: 'Publicité abusive.' })
    for (const id of ['6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c', 'pas-un-identifiant', rejected.id]) {
      const page = await openPage({ server, browser }, '/')
      const answer = await page.goto(`${server.url}/signalements/${id}`)
      expect({ id, status: answer?.status() }).toEqual({ id, status: 404 })
      await page.getByRole('heading', { name: 'Page introuvable' }).waitFor()
      await page.getByRole('link', { name: 'Retour à l’accueil' }).waitFor()
      expect(await page.title()).toBe('Page introuvable | Alertes urbaines')
      expect(await page.content()).not.toContain('Publicité abusive')
      await page.context().close()
    }
  })

  it('opens from a marker’s popup and from the list of what the map shows', async ({ server, browser }) => {
    const nearby = await server.insertReport({
      description: 'Dépôt d’ordures sauvage près du marché.',
      categoryName: 'Propreté',
      status: 'en-cours',
      latitude: DEVICE_POSITION.latitude,
      longitude: DEVICE_POSITION.longitude,
      created_at: '2026-11-20T09:30:00Z',
    })
    const page = await openPage({ server, browser }, '/')
    await page.locator('.report-marker[title^="Propreté – En cours"]').click()
    await page.locator('.leaflet-popup').getByRole('link', { name: 'Propreté' }).click()
    await page.waitForURL(`${server.url}/signalements/${nearby.id}`)
    await page.getByRole('heading', { level: 1, name: 'Propreté' }).waitFor()

    await page.goBack()
    const list = page.getByRole('region', { name: 'Signalements visibles sur la carte' })
    await list.getByRole('link', { name: 'Propreté' }).click()
    await page.waitForURL(`${server.url}/signalements/${nearby.id}`)
    await page.getByRole('article', { name: 'Propreté' }).getByText('Aucune pour le moment').waitFor()
    await page.context().close()
  })

  it('opens from /suivi, which names the organisation in charge', async ({ server, browser }) => {
    const page = await openPage({ server, browser }, `/suivi?code=${handled.anonymous_code}`)
    const tracked = page.getByRole('article')
    await tracked.getByText(organizationName).waitFor()
    await tracked.getByRole('link', { name: 'Voir la page publique du signalement' }).click()
    await page.waitForURL(`${server.url}/signalements/${handled.id}`)
    await page.getByRole('heading', { level: 1, name: 'Voirie' }).waitFor()
    // The code that found it is not on the public page.
    expect(await page.locator('main').innerText()).not.toContain(handled.anonymous_code)
    await page.context().close()
  })
})
