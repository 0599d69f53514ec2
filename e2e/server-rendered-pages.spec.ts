// Pages arrive rendered by React on the server, with their data, before any JavaScript runs
// (docs/decisions/0008-react-rendered-on-the-server.md), and React then hydrates them in the page:
// the public citizen pages the same for everyone, the signed-in pages for the session cookie.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { SESSION_COOKIE, WEB_SESSION_HEADER } from '../src/domain/auth-rules'
import { createOrganization, ORG_PASSWORD } from '../src/server/test/accounts'
import { dakarContext, HOME_MAP_PREVIEW, recordRemovedElements, removedTexts } from './support/browser'
import { it, type ServerAndBrowser } from './support/fixtures'
import { fileReportAsCitizen } from './support/organization-api'
import type { E2eServer } from './support/server'

it.beforeAll(async ({ server }) => {
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

async function openWithoutJavaScript({ server, browser }: ServerAndBrowser, path: string): Promise<Page> {
  const context = await dakarContext(browser, { javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${server.url}${path}`)
  return page
}

describe('pages rendered by the server', () => {
  it('shows the home page’s count and recent reports before any JavaScript runs', async ({
    server,
    browser,
  }) => {
    const page = await openWithoutJavaScript({ server, browser }, '/')
    await page.getByText('2 incidents rapportés dans le département de Dakar').waitFor()
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    const cards = page.getByRole('article')
    expect(await cards.count()).toBe(2)
    expect(await cards.first().innerText()).toContain('Voirie')
    expect(await cards.nth(1).innerText()).toContain('20 novembre 2026')
    await page.context().close()
  })

  it('shows the report form with its categories before any JavaScript runs', async ({ server, browser }) => {
    const page = await openWithoutJavaScript({ server, browser }, '/signaler')
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    await page.getByRole('radio', { name: 'Voirie' }).waitFor()
    await page.getByRole('radio', { name: 'Éclairage public' }).waitFor()
    await page.context().close()
  })

  it('shows a report filed a moment ago, not an older rendering of the page', async ({ server }) => {
    const before = await (await fetch(`${server.url}/`)).text()
    expect(before).toContain('2 incidents rapportés')
    await fileReportAsCitizen(server.url, { description: 'Ordures entassées devant le marché depuis lundi.' })
    const after = await (await fetch(`${server.url}/`)).text()
    expect(after).toContain('3 incidents rapportés')
    expect(after).toContain('Ordures entassées devant le marché depuis lundi.')
  })

  it('is hydrated by the app without being rendered again', async ({ server, browser }) => {
    const context = await dakarContext(browser)
    const page = await context.newPage()
    await recordRemovedElements(page)
    await page.goto(`${server.url}/`)
    // The app has started: the map's preview replaces its loading state, and links navigate in the page.
    await page.getByRole('button', HOME_MAP_PREVIEW).waitFor()
    expect(await removedTexts(page, ['incidents rapportés', 'Incidents récents', 'Liens utiles'])).toEqual([])
    await page.getByRole('link', { name: 'Signaler', exact: true }).click()
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    await context.close()
  })

  it('answers a tap made before its scripts arrived, once they have', async ({ server, browser }) => {
    const context = await dakarContext(browser)
    // A slow network: the app's code arrives a second and a half after the page.
    await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    const page = await context.newPage()
    await page.goto(`${server.url}/`)
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    expect(await page.locator('html[data-app-ready]').count()).toBe(0)
    // The menu opens once the app has hydrated the page: the tap was not lost.
    await page.getByRole('dialog').getByRole('link', { name: 'Mes signalements' }).waitFor()
    await context.close()
  })

  it('renders a long page whole, every part in its place, even without JavaScript', async ({
    server,
    browser,
  }) => {
    // Five long reports make the page far longer than the first 12.8 KB that React renders before
    // moving the rest out of place by default.
    for (let i = 1; i <= 5; i += 1) {
      await server.insertReport({
        description: `Dépôt sauvage numéro ${i} le long du canal. ${'Les sacs s’entassent et bouchent l’écoulement. '.repeat(35)}`,
        categoryName: 'Propreté',
        created_at: new Date(Date.now() + i * 1000).toISOString(),
      })
    }
    const page = await openWithoutJavaScript({ server, browser }, '/')
    const html = await page.content()
    expect(html.length).toBeGreaterThan(20_000)
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    const cards = page.getByRole('article')
    expect(await cards.count()).toBe(5)
    for (const card of await cards.all()) expect(await card.isVisible()).toBe(true)
    expect(await cards.first().innerText()).toContain('Dépôt sauvage numéro 5')
    // In reading order: the recent reports, then the footer.
    const footerTop = (await page.locator('footer').boundingBox())?.y ?? 0
    const lastCardBottom = await cards.last().evaluate((card) => card.getBoundingClientRect().bottom)
    expect(footerTop).toBeGreaterThan(lastCardBottom)
    await page.context().close()
  })
})

/** Logs in as the browser app does; the session cookie the server sets, ready to send back. */
async function sessionCookie(server: E2eServer, body: Record<string, string>): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WEB_SESSION_HEADER]: '1' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))
  expect(cookie).toMatch(/HttpOnly/i)
  return cookie?.split(';')[0] ?? ''
}

const ADMIN_LOGIN = { userType: 'admin', username: 'admin', password: 'admin-e2e-password' }

describe('signed-in pages rendered by the server', () => {
  it('arrive rendered with their data from the session cookie alone', async ({ server }) => {
    const cookie = await sessionCookie(server, ADMIN_LOGIN)
    const res = await fetch(`${server.url}/admin/reports`, { headers: { cookie }, redirect: 'manual' })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('data-rendered-path="/admin/reports"')
    expect(html).toContain('Lampadaire éteint depuis deux semaines devant la pharmacie.')
    expect(html).toContain('Nid-de-poule profond au carrefour, les motos tombent.')
    // Without the cookie: the login page of the area.
    const anonymous = await fetch(`${server.url}/admin/reports`, { redirect: 'manual' })
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toBe('/admin/login')
  })

  it('are rendered for two sessions at once, each with its own data only', async ({ server }) => {
    const roads = await createOrganization(server.db.db, { categories: ['Voirie'] })
    const lights = await createOrganization(server.db.db, { categories: ['Éclairage public'] })
    const cookies = await Promise.all(
      [roads, lights].map((org) =>
        sessionCookie(server, { userType: 'organization', email: org.email, password: ORG_PASSWORD }),
      ),
    )
    const pages = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await fetch(`${server.url}/organization/available-reports`, {
          headers: { cookie: cookies[i % 2] ?? '' },
        })
        return res.text()
      }),
    )
    pages.forEach((html, i) => {
      const [mine, theirs] = i % 2 === 0 ? ['Nid-de-poule', 'Lampadaire'] : ['Lampadaire', 'Nid-de-poule']
      expect(html).toContain(mine)
      expect(html).not.toContain(theirs)
      expect(html).toContain(i % 2 === 0 ? roads.name : lights.name)
    })
  })

  it('are shown as rendered after a login in the browser, then run by the app with the same data', async ({
    server,
    browser,
  }) => {
    const context = await dakarContext(browser)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`${server.url}/admin/login`)
    await page.getByLabel('Nom d’utilisateur').fill('admin')
    await page.getByLabel('Mot de passe', { exact: true }).fill('admin-e2e-password')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.waitForURL('**/admin/dashboard')
    // The refresh token is in the HttpOnly cookie, never in the page's storage.
    const stored = (await page.evaluate(() => JSON.stringify(localStorage))) as string
    expect(stored).not.toContain('refreshToken')
    const cookies = await context.cookies()
    expect(cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
    })

    const listRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/reports') listRequests.push(request.url())
    })
    await recordRemovedElements(page)
    await page.goto(`${server.url}/admin/reports`)
    await page.locator('html[data-app-ready]').waitFor()
    await page.getByText('Nid-de-poule profond au carrefour, les motos tombent.').waitFor()
    // Hydrated as rendered: nothing of the server's rendering thrown away, shown once, from the data
    // the page came with, on the page it was asked for.
    expect(await removedTexts(page, ['Gestion des signalements', 'Nid-de-poule'])).toEqual([])
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
    expect(new URL(page.url()).pathname).toBe('/admin/reports')
    expect(listRequests).toEqual([])
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([])
    // The app works: the navigation goes on in the page.
    await page.getByRole('link', { name: 'Organisations' }).first().click()
    await page.waitForURL('**/admin/organizations')
    await context.close()
  })

  it('are hydrated for the cookie alone, in a browser that kept no session of its own', async ({
    server,
    browser,
  }) => {
    const org = await createOrganization(server.db.db, { categories: ['Voirie'] })
    const cookie = await sessionCookie(server, {
      userType: 'organization',
      email: org.email,
      password: ORG_PASSWORD,
    })
    const [name, value] = cookie.split('=') as [string, string]
    // A browser whose storage was cleared: only the HttpOnly cookie says who it is.
    const context = await dakarContext(browser)
    await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Strict' }])
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await recordRemovedElements(page)
    await page.goto(`${server.url}/organization/available-reports`)
    await page.locator('html[data-app-ready]').waitFor()
    await page.getByText('Nid-de-poule profond au carrefour, les motos tombent.').waitFor()
    expect(await removedTexts(page, ['Nid-de-poule', org.name])).toEqual([])
    expect(new URL(page.url()).pathname).toBe('/organization/available-reports')
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([])
    // The app runs for that session: its access token comes from the cookie, and the next page
    // asks the API with it.
    await page.getByRole('link', { name: 'Mes signalements' }).first().click()
    await page.waitForURL('**/organization/managed-reports')
    await page.getByText('Aucun signalement pris en charge').waitFor()
    await context.close()
  })
})
