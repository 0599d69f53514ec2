import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { SESSION_COOKIE } from '../src/domain/auth-rules'
import { seriousViolations } from './support/accessibility'
import { dakarContext, gotoReady, newReadyPage } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'
import { approveOrganization, citizenNotifications, fileReportAsCitizen } from './support/organization-api'
import { insertSmsReportInMedina } from './support/sms-report'

// One organisation signs up through the wizard in the first test; the later tests use it.
const ORGANIZATION = {
  name: 'Mairie de la Médina',
  email: `contact-${Date.now()}@mairie-medina.sn`,
  phone: '+221 33 821 00 00',
  address: 'Rue 6, Médina',
  password: 'medina2026',
}

async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  { touch = false } = {},
): Promise<BrowserContext> {
  // A phone has a touch screen (CSS's `pointer: coarse`), which some links depend on.
  return dakarContext(browser, { viewport, hasTouch: touch, isMobile: touch })
}

/** Follows a link of the sidebar (desktop width: it is always shown). */
async function goTo(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Espace Organisation' })
    .getByRole('link', { name: label })
    .click()
  await page
    .getByRole('heading', { level: 1, name: label === 'Tableau de bord' ? /Bienvenue/ : label })
    .waitFor()
}

async function logIn(page: Page) {
  await page.getByLabel('Email').fill(ORGANIZATION.email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(ORGANIZATION.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  // The toast first: it comes with the toaster after the dashboard, and a test measuring the page
  // then knows it is there to wait for.
  await page.getByText('Connexion réussie').waitFor()
  await page.getByRole('heading', { name: `Bienvenue, ${ORGANIZATION.name}` }).waitFor()
}

async function signUpThroughTheWizard(page: Page) {
  await page.getByText('Étape 1 sur 4').waitFor()
  await page.getByLabel('Nom de l’organisation').fill(ORGANIZATION.name)
  await page.getByLabel('Type d’organisation').selectOption({ label: 'Mairie' })
  await page.getByLabel('Email').fill(ORGANIZATION.email)
  await page.getByLabel('Téléphone').fill(ORGANIZATION.phone)
  await page.getByRole('button', { name: 'Suivant' }).click()

  await page.getByText('Étape 2 sur 4').waitFor()
  await page.getByLabel('Adresse').fill(ORGANIZATION.address)
  await page.getByLabel('Ville').selectOption('Dakar')
  await page.getByRole('button', { name: 'Suivant' }).click()

  await page.getByText('Étape 3 sur 4').waitFor()
  await page.getByText('Voirie', { exact: true }).click()
  expect(await page.getByRole('checkbox', { name: 'Voirie' }).isChecked()).toBe(true)
  await page.getByRole('button', { name: 'Suivant' }).click()

  await page.getByText('Étape 4 sur 4').waitFor()
  await page.getByLabel('Votre nom').fill('Awa Ndiaye')
  await page.getByLabel('Mot de passe', { exact: true }).fill(ORGANIZATION.password)
  await page.getByLabel('Confirmer le mot de passe').fill(ORGANIZATION.password)
  await page.getByText('Les mots de passe correspondent').waitFor()
  await page.getByRole('button', { name: 'Finaliser l’inscription' }).click()
  await page.getByRole('heading', { name: 'Inscription réussie !' }).waitFor()
}

it.beforeAll(startServerAndBrowser)

describe('organisation space', () => {
  it('signs up, is approved, claims a citizen’s report, resolves it and writes to the citizen', async ({
    server,
    browser,
  }) => {
    const context = await newContext(browser)
    const page = await newReadyPage(context, `${server.url}/organization/signup`)
    await signUpThroughTheWizard(page)
    // The confirmation, then the login page by itself.
    await page.waitForURL('**/organization/login', { timeout: 10_000 })

    // Not approved yet: the SPEC.md text.
    await page.getByLabel('Email').fill(ORGANIZATION.email)
    await page.getByLabel('Mot de passe', { exact: true }).fill(ORGANIZATION.password)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: 'Email ou mot de passe incorrect, ou compte non approuvé' })
      .waitFor()

    await approveOrganization(server.url, ORGANIZATION.email)
    const filed = await fileReportAsCitizen(server.url, {
      description: 'Nid-de-poule profond au carrefour de la rue 6, les motos tombent.',
    })

    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByRole('heading', { name: `Bienvenue, ${ORGANIZATION.name}` }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/organization')

    // Claim it from the available list.
    await goTo(page, 'Signalements disponibles')
    const card = page.getByRole('article').filter({ hasText: filed.anonymous_code })
    await card.getByRole('img', { name: 'Photo du signalement « Voirie »' }).waitFor()
    await card
      .getByRole('button', { name: `Prendre en charge le signalement ${filed.anonymous_code}` })
      .click()
    await page
      .getByRole('dialog', { name: 'Prendre en charge ce signalement ?' })
      .getByRole('button', { name: 'Prendre en charge' })
      .click()
    await page.getByText('Signalement pris en charge').waitFor()
    await page.getByText('Aucun signalement disponible').waitFor()

    // Resolve it from the managed list.
    await goTo(page, 'Mes signalements')
    const select = page.getByRole('combobox', { name: `Statut du signalement ${filed.anonymous_code}` })
    expect(await select.inputValue()).toBe('en-cours')
    await select.selectOption({ label: 'Résolu' })
    await page
      .getByRole('dialog', { name: 'Marquer ce signalement comme résolu\u202f?' })
      .getByRole('button', { name: 'Marquer comme résolu' })
      .click()
    await page.getByText('Statut mis à jour').waitFor()
    await expect.poll(() => select.inputValue()).toBe('resolu')

    // Write to the citizen.
    await goTo(page, 'Notifications')
    await page
      .getByRole('button', { name: `Envoyer un message au citoyen du signalement ${filed.anonymous_code}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Envoyer un message' })
    await dialog.getByLabel('Titre').fill('Problème résolu')
    await dialog.getByLabel('Message').fill('Nos équipes ont rebouché le nid-de-poule ce matin. Merci !')
    await dialog.getByRole('button', { name: 'Envoyer' }).click()
    await page.getByText('Notification envoyée').waitFor()
    await page
      .getByRole('region', { name: 'Messages envoyés' })
      .getByRole('heading', { name: 'Problème résolu' })
      .waitFor()

    // The citizen's device receives it.
    const received = await citizenNotifications(server.url, filed.citizenToken)
    expect(received.items).toEqual([
      expect.objectContaining({
        title: 'Problème résolu',
        message: 'Nos équipes ont rebouché le nid-de-poule ce matin. Merci !',
        anonymous_code: filed.anonymous_code,
      }),
    ])

    // The dashboard counts it.
    await goTo(page, 'Tableau de bord')
    await page.getByText('1 résolu(s) sur 1').waitFor()
    await page.getByText('100 %').waitFor()
    await context.close()
  })

  it('shows a report filed while the available list is open, without a reload', async ({
    server,
    browser,
  }) => {
    const context = await newContext(browser)
    const page = await newReadyPage(context, `${server.url}/organization/login`)
    await logIn(page)
    await goTo(page, 'Signalements disponibles')
    await page.getByText('Aucun signalement disponible').waitFor()
    const navigations: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url())
    })
    const filed = await fileReportAsCitizen(server.url, { description: 'Route effondrée après la pluie.' })
    await page.getByRole('article').filter({ hasText: filed.anonymous_code }).waitFor({ timeout: 10_000 })
    // Another category's report never shows.
    const other = await fileReportAsCitizen(server.url, {
      description: 'Dépôt d’ordures sauvage au coin de la rue.',
      category: 'Propreté',
    })
    await page.waitForTimeout(1000)
    expect(await page.getByText(other.anonymous_code).count()).toBe(0)
    expect(navigations).toEqual([])
    await context.close()
  })

  it('opened directly, arrives rendered with its list, which the browser does not ask for again', async ({
    server,
    browser,
  }) => {
    const filed = await fileReportAsCitizen(server.url, { description: 'Nid-de-poule devant l’école.' })
    const context = await newContext(browser)
    const page = await newReadyPage(context, `${server.url}/organization/login`)
    await logIn(page)
    const listRequests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/org/reports/available') listRequests.push(request.url())
    })
    await gotoReady(page, `${server.url}/organization/available-reports`)
    await page.getByRole('article').filter({ hasText: filed.anonymous_code }).waitFor()
    // The server rendered it for the session cookie, with its list: the app hydrated it as it was.
    await page.locator('html[data-app-ready]').waitFor()
    expect(listRequests).toEqual([])
    await context.close()
  })

  it('shows a crew where the report is: its map, its coordinates, the way there, and its photo large', async ({
    server,
    browser,
  }) => {
    const filed = await fileReportAsCitizen(server.url, {
      description: 'Caniveau effondré au carrefour.',
      photoWidth: 1200,
    })
    const context = await newContext(browser, { width: 390, height: 844 }, { touch: true })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await newReadyPage(context, `${server.url}/organization/login`)
    await logIn(page)
    await gotoReady(page, `${server.url}/organization/available-reports`)
    await page.getByRole('button', { name: `Voir le signalement ${filed.anonymous_code}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
    // The small map, with the report's pin on it.
    await dialog.locator('.leaflet-container .leaflet-marker-icon').waitFor()
    await dialog.getByText('14.67950, -17.44820').waitFor()
    expect(await dialog.getByRole('link', { name: /Itinéraire/ }).getAttribute('href')).toMatch(
      /^geo:14\.67950,-17\.44820\?q=14\.67950,-17\.44820\(Voirie\)$/,
    )
    expect(await dialog.getByRole('link', { name: 'Voir sur OpenStreetMap' }).getAttribute('href')).toContain(
      'mlat=14.67950&mlon=-17.44820',
    )
    await dialog.getByRole('button', { name: /Copier les coordonnées/ }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('14.67950, -17.44820')
    // The photo, whole, then over the whole screen, then at its own size.
    await dialog.getByRole('button', { name: 'Agrandir la photo' }).click()
    const viewer = page.getByRole('dialog', { name: 'Photo du signalement' })
    const photo = viewer.getByRole('img')
    await photo.waitFor()
    const natural = await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)
    expect(natural).toBe(1200)
    expect((await photo.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390)
    await viewer.getByRole('button', { name: 'Zoomer' }).click()
    // At its own size, every pixel of it: a crew reads a number plate or a street sign.
    await expect.poll(async () => Math.round((await photo.boundingBox())?.width ?? 0)).toBe(natural)
    await viewer.getByRole('button', { name: 'Voir en entier' }).waitFor()
    await page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'detached' })
    await dialog.waitFor()
    await context.close()
  })

  it('shows its reports on a map with the list’s search, grouped, each opening its details', async ({
    server,
    browser,
  }) => {
    const road = await fileReportAsCitizen(server.url, {
      description: 'Dalle de caniveau cassée, trou dangereux.',
    })
    const context = await newContext(browser)
    const page = await newReadyPage(context, `${server.url}/organization/login`)
    await logIn(page)
    await gotoReady(page, `${server.url}/organization/available-reports`)
    await page.getByRole('radio', { name: 'Carte' }).click()
    await page.waitForURL('**/organization/available-reports?vue=carte')
    const map = page.getByRole('region', { name: 'Carte des signalements' })
    // Every available report of the test files is at one spot: one group, which lists them.
    const group = map.locator('.report-cluster')
    await group.first().waitFor()
    const inGroup = Number(await group.first().innerText())
    expect(inGroup).toBeGreaterThan(1)
    // The list's search narrows the map.
    await page.getByRole('searchbox').fill('Dalle de caniveau')
    await map.getByText('1 signalement(s) dans cette partie de la carte').waitFor()
    await map.locator('.report-marker').first().click()
    const popup = map.locator('.leaflet-popup')
    await popup.getByText('Voirie').waitFor()
    await popup.getByRole('button', { name: `Voir le signalement ${road.anonymous_code}` }).click()
    await page
      .getByRole('dialog', { name: 'Détails du signalement' })
      .getByText('Dalle de caniveau cassée')
      .waitFor()
    await page.keyboard.press('Escape')
    // "En retard seulement" narrows it too: this report, filed a moment ago, is not late.
    // (A click: the box follows the page's address, a moment later.)
    await page.getByRole('checkbox', { name: 'En retard seulement' }).click()
    await map.getByText('0 signalement(s) dans cette partie de la carte').waitFor()
    expect(page.url()).toContain('retard=1')
    await page.getByRole('checkbox', { name: 'En retard seulement' }).click()
    await map.getByText('1 signalement(s) dans cette partie de la carte').waitFor()
    // A reload keeps the map.
    await gotoReady(page, page.url())
    await page.getByRole('region', { name: 'Carte des signalements' }).locator('.leaflet-container').waitFor()
    expect(await page.getByRole('radio', { name: 'Carte' }).isChecked()).toBe(true)
    await context.close()
  })

  it('draws a report by SMS on its map as its commune’s circle, which opens it like a marker', async ({
    server,
    browser,
  }) => {
    const { code } = await insertSmsReportInMedina(server, {
      categoryName: 'Voirie',
      description: 'Trottoir effondré près du marché Tilène.',
    })
    const context = await newContext(browser)
    const page = await newReadyPage(context, `${server.url}/organization/login`)
    await logIn(page)
    await gotoReady(page, `${server.url}/organization/available-reports?vue=carte`)
    await page.getByRole('searchbox').fill(code)
    const map = page.getByRole('region', { name: 'Carte des signalements' })
    // Its commune's circle, and at its centre a hollow ring, not the dot of a known place (the
    // other reports go once the search has narrowed the map).
    const circle = map.locator('path.report-area')
    await circle.waitFor()
    const markers = map.locator('.leaflet-marker-icon')
    await expect.poll(() => markers.count()).toBe(1)
    expect(await markers.getAttribute('class')).toContain('report-marker--approximate')
    // A tap inside the circle, away from its centre, opens the report.
    const box = await circle.boundingBox()
    if (!box) throw new Error('the commune’s circle is not on screen')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.8)
    await map
      .locator('.leaflet-popup')
      .getByRole('button', { name: `Voir le signalement ${code}` })
      .waitFor()
    await context.close()
  })

  it('keeps the session across a reload and ends it with the logout', async ({ server, browser }) => {
    const context = await newContext(browser, { width: 360, height: 740 })
    const page = await newReadyPage(context, `${server.url}/organization/login`)
    await logIn(page)
    // The server renders the page again from the session cookie; the menu works once the app runs.
    await gotoReady(page, page.url())
    await page.getByRole('heading', { name: `Bienvenue, ${ORGANIZATION.name}` }).waitFor()
    // On a phone the sidebar is a sheet behind the menu button.
    await page.getByRole('button', { name: /Afficher ou masquer le menu latéral/ }).click()
    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await page.waitForURL('**/organization/login')
    await page.goto(`${server.url}/organization/settings`)
    await page.waitForURL('**/organization/login')
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}'))
    expect(stored.state).toMatchObject({ isAuthenticated: false, token: null })
    // The session cookie is gone with the session.
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE)
    await context.close()
  })

  it('renews the session 2 minutes before the access token expires, and after a night away', async ({
    server,
    browser,
  }) => {
    const context = await newContext(browser)
    const page = await context.newPage()
    await page.clock.install()
    await page.goto(`${server.url}/organization/login`)
    await logIn(page)
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state)
    const first = await stored()

    // 12 minutes on, nothing yet; at 13, two minutes before the 15-minute expiry, a renewal.
    await page.clock.fastForward('12:00')
    expect((await stored()).sessionExpiry).toBe(first.sessionExpiry)
    const renewal = page.waitForResponse(
      (res) => res.url().endsWith('/api/auth/refresh') && res.status() === 200,
    )
    await page.clock.fastForward('01:05')
    await renewal
    await expect.poll(async () => (await stored()).sessionExpiry).toBeGreaterThan(first.sessionExpiry)
    // The refresh token stays in the HttpOnly cookie: never in the page's storage.
    expect(first).not.toHaveProperty('refreshToken')
    await goTo(page, 'Paramètres')
    await page.getByRole('region', { name: 'Informations système' }).getByText('Approuvé').waitFor()

    // The phone slept past the expiry: the stored session is renewed on the next visit.
    await page.evaluate(() => {
      const value = JSON.parse(localStorage.getItem('auth-storage') ?? '{}')
      value.state.sessionExpiry = Date.now() - 60_000
      localStorage.setItem('auth-storage', JSON.stringify(value))
    })
    const again = page.waitForResponse(
      (res) => res.url().endsWith('/api/auth/refresh') && res.status() === 200,
    )
    await page.reload()
    await again
    await page.getByRole('heading', { name: 'Paramètres' }).waitFor()
    await context.close()
  })

  it('has no serious or critical accessibility violation on the login page, the wizard and every screen of the space', async ({
    server,
    browser,
  }) => {
    const context = await newContext(browser, { width: 360, height: 740 })
    const page = await newReadyPage(context, `${server.url}/organization/login`)
    await page.getByRole('heading', { name: 'Espace Organisation' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.goto(`${server.url}/organization/signup`)
    await page.getByText('Étape 1 sur 4').waitFor()
    await page.getByRole('button', { name: 'Suivant' }).click()
    await page.getByText('Le nom de l’organisation est requis').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.goto(`${server.url}/organization/login`)
    await logIn(page)
    await page.getByText('%').first().waitFor()
    expect(await seriousViolations(page)).toEqual([])

    // The lists with a report in them, their "Voir" dialog, the messages and the settings.
    await fileReportAsCitizen(server.url, { description: 'Chaussée affaissée devant le marché, à voir.' })
    const screens = [
      ['/organization/available-reports', 'Signalements disponibles'],
      ['/organization/managed-reports', 'Mes signalements'],
      ['/organization/notifications', 'Notifications'],
      ['/organization/settings', 'Paramètres'],
    ] as const
    for (const [path, title] of screens) {
      await page.goto(`${server.url}${path}`)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      await page.waitForLoadState('networkidle')
      expect(await seriousViolations(page), path).toEqual([])
      if (path === '/organization/available-reports') {
        await page.getByRole('article').first().getByRole('button', { name: /Voir/ }).click()
        await page.getByRole('dialog').waitFor()
        expect(await seriousViolations(page), `${path}, Voir`).toEqual([])
        await page.keyboard.press('Escape')
      }
    }
    await context.close()
  })
})
