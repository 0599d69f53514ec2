// Issue 8 in a real browser: a report made offline that sends itself once, the site in Wolof,
// "Moi aussi", "Est-ce réglé ?" answered "Non", and no serious accessibility violation on the
// new screens, in the light and the dark theme.
import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { STORE_NAMES } from '../src/domain/constants'
import { reportEvents, reportSupports, reports } from '../src/server/db/schema'
import { createOrganization } from '../src/server/test/accounts'
import { seriousViolations } from './support/accessibility'
import {
  FAKE_MEDIA_ARGS,
  gotoReady,
  rememberCitizenToken,
  serviceWorkerInControl,
  signInAsAdmin,
} from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'
import { fileReportAsCitizen } from './support/organization-api'
import type { E2eServer } from './support/server'

const DEVICE_POSITION = { latitude: 14.6937, longitude: -17.4441 }

// A fake microphone (a beeping tone) that needs no prompt, for the voice note kept offline; each
// test's page a citizen's phone where it stands.
it.override('browserArgs', FAKE_MEDIA_ARGS)
it.override('contextOptions', {
  viewport: { width: 390, height: 844 },
  geolocation: DEVICE_POSITION,
  permissions: ['geolocation', 'microphone'],
})

/** The display settings the phone's person chose before, unless the page has changed them since. */
async function chooseDisplay(
  context: BrowserContext,
  display: { theme?: 'light' | 'dark'; language?: 'fr' | 'en' | 'wo' },
): Promise<void> {
  await context.addInitScript(
    ([key, chosen]) => {
      if (!localStorage.getItem(key)) {
        localStorage.setItem(key, JSON.stringify({ state: { display: chosen }, version: 1 }))
      }
    },
    [STORE_NAMES.settings, display] as const,
  )
}

/** A report of this device that an organisation marked resolved a day ago. */
async function resolvedReportOf(server: E2eServer, description: string) {
  const filed = await fileReportAsCitizen(server.url, { description })
  const organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
  const resolvedAt = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString()
  await server.db.db
    .update(reports)
    .set({
      status: 'resolu',
      assigned_organization_id: organization.id,
      resolved_at: resolvedAt,
      updated_at: resolvedAt,
    })
    .where(eq(reports.id, filed.id))
  return { ...filed, organization }
}

/** The token this phone's app keeps for the device (the one the server knows, else the one it minted). */
async function deviceToken(page: Page): Promise<string> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), STORE_NAMES.citizenDevice)
  const state = (JSON.parse(stored ?? '{}') as { state?: { citizenToken?: string; mintedToken?: string } })
    .state
  return state?.citizenToken ?? state?.mintedToken ?? ''
}

it.beforeAll(startServerAndBrowser)

describe('a report made without a connection', () => {
  it('waits on the phone as "En attente d’envoi", then reaches the server exactly once', async ({
    server,
    context,
    page,
    cameraPhoto,
  }) => {
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByRole('radio', { name: 'Voirie' }).waitFor({ state: 'attached' })
    // The site was opened once with a network: its service worker keeps the screens for offline use.
    await serviceWorkerInControl(page)
    await page.getByRole('radio', { name: 'Voirie' }).waitFor({ state: 'attached' })
    const started = Date.now()
    await context.setOffline(true)
    await page
      .getByText('Hors connexion : ce que vous signalez sera envoyé dès le retour du réseau.')
      .waitFor()
    const description = `Caniveau bouché devant la mosquée, rue ${started}`
    await page.locator('label').filter({ hasText: 'Assainissement' }).click()
    await page.getByLabel('Description').fill(description)
    // The photo is compressed and the voice note recorded on the phone: no network needed.
    await page.getByTestId('photo-camera-input').setInputFiles(cameraPhoto)
    await page.getByRole('img', { name: 'Aperçu de la photo' }).waitFor()
    await page.getByRole('button', { name: 'Enregistrer une note vocale' }).click()
    await page.getByText('0:02 / 2:00').waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Arrêter' }).click()
    await page.locator('audio[aria-label="Écouter la note vocale"]').waitFor()
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    const kept = page.getByRole('heading', {
      name: 'Pas de réseau : votre signalement est gardé sur ce téléphone',
    })
    await kept.waitFor()
    // Seen at once: on the screen, below the sticky header, though the form was scrolled down.
    const header = await page.locator('header').first().boundingBox()
    const heading = await kept.boundingBox()
    expect(heading?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0))
    expect((heading?.y ?? 0) + (heading?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0)

    await page.getByRole('link', { name: 'Voir mes signalements' }).click()
    const waiting = page.getByRole('article').filter({ hasText: description })
    await waiting.getByText('En attente d’envoi').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    const stored = () => server.db.db.select().from(reports).where(eq(reports.description, description))
    expect(await stored()).toHaveLength(0)

    // The network returns: the page sends it by itself, under its Idempotency-Key.
    const reconnected = Date.now()
    await context.setOffline(false)
    await page.getByText('Votre signalement en attente est envoyé').waitFor({ timeout: 20_000 })
    const sent = await stored()
    expect(sent).toHaveLength(1)
    // Kept in IndexedDB with its photo and voice note, and sent with them.
    expect(sent[0]?.photo_url).toMatch(/\.webp$/)
    expect(sent[0]?.audio_url).toMatch(/\.(webm|ogg)$/)
    console.log(
      `offline round trip: filled and queued offline in ${reconnected - started} ms; on the server ${Date.now() - reconnected} ms after the network returned`,
    )
    await page
      .getByRole('article')
      .filter({ hasText: sent[0]?.anonymous_code ?? 'missing' })
      .waitFor()
    expect(await page.getByText('En attente d’envoi').count()).toBe(0)
    // Filed under the token this phone minted for itself, which the server keeps only as a hash.
    const token = await deviceToken(page)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sent[0]?.reporter_hash).toBe(createHash('sha256').update(token).digest('hex'))

    // Sent again with the same key (a lost answer): still one report.
    await page.reload()
    await page.getByRole('article').filter({ hasText: description }).waitFor()
    expect(await stored()).toHaveLength(1)
  })

  it('whose answer was lost is filed once, given back to this phone alone', async ({
    server,
    context,
    page,
  }) => {
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByRole('radio', { name: 'Voirie' }).waitFor({ state: 'attached' })
    const description = `Lampadaire éteint, réponse perdue ${Date.now()}`
    // The server gets the report, but its answer never reaches the phone.
    let key = ''
    await context.route('**/api/reports', async (route) => {
      if (route.request().method() !== 'POST' || key) return route.fallback()
      key = (await route.request().headerValue('idempotency-key')) ?? ''
      await route.fetch()
      await route.abort('connectionreset')
    })
    await page.locator('label').filter({ hasText: 'Éclairage public' }).click()
    await page.getByLabel('Description').fill(description)
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await page.getByRole('link', { name: 'Voir mes signalements' }).click()
    const stored = () => server.db.db.select().from(reports).where(eq(reports.description, description))
    expect(await stored()).toHaveLength(1)
    expect(key).not.toBe('')

    // Whoever learns the key (a proxy's log, this phone's history) gets nothing of the report.
    const replay = new FormData()
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as { id: number }[]
    replay.append('categoryId', String(categories[0]?.id))
    replay.append('description', 'Un autre signalement sous la même clé')
    replay.append('latitude', '14.7300')
    replay.append('longitude', '-17.4600')
    const stranger = await fetch(`${server.url}/api/reports`, {
      method: 'POST',
      headers: { 'idempotency-key': key },
      body: replay,
    })
    expect(stranger.status).toBe(409)
    const strangerBody = await stranger.text()
    const [filed] = await stored()
    expect(strangerBody).not.toContain(filed?.anonymous_code ?? 'missing')
    expect(strangerBody).not.toContain(await deviceToken(page))

    // The phone sends it again by itself, and gets its report back: still one on the server.
    await page.reload()
    await page.getByText('Votre signalement en attente est envoyé').waitFor({ timeout: 20_000 })
    await page
      .getByRole('article')
      .filter({ hasText: filed?.anonymous_code ?? 'missing' })
      .waitFor()
    expect(await page.getByText('En attente d’envoi').count()).toBe(0)
    expect(await stored()).toHaveLength(1)
  })

  it('can be cancelled before it leaves', async ({ server, context, page }) => {
    await gotoReady(page, `${server.url}/signaler`)
    await serviceWorkerInControl(page)
    await page.getByRole('radio', { name: 'Voirie' }).waitFor({ state: 'attached' })
    await context.setOffline(true)
    const description = `Trottoir effondré, à annuler ${Date.now()}`
    await page.locator('label').filter({ hasText: 'Voirie' }).click()
    await page.getByLabel('Description').fill(description)
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await page.getByRole('link', { name: 'Voir mes signalements' }).click()
    const card = page.getByRole('article').filter({ hasText: description })
    await card.getByRole('button', { name: 'Annuler l’envoi' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, l’effacer' }).click()
    await page.getByText('Signalement annulé').waitFor()
    await context.setOffline(false)
    await page.waitForTimeout(1500)
    expect(
      await server.db.db.select().from(reports).where(eq(reports.description, description)),
    ).toHaveLength(0)
  })
})

describe('the installable app', () => {
  it('has a manifest with real icons, and opens offline once visited', async ({ server, context, page }) => {
    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Alertes urbaines'),
      start_url: '/',
      display: 'standalone',
    })
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    )
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const res = await fetch(`${server.url}${icon.src}`)
      expect(res.headers.get('content-type')).toBe('image/png')
      // A real PNG of the size it claims: the width and height of its IHDR header.
      const png = Buffer.from(await res.arrayBuffer())
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes)
    }
    await gotoReady(page, `${server.url}/`)
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest')
    await serviceWorkerInControl(page)
    await page.waitForFunction(async () => (await caches.keys()).some((name) => name.includes('shell')))
    await context.setOffline(true)
    await page.reload()
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    // The report form works offline: its screen was kept at install.
    await page.goto(`${server.url}/signaler`)
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    // A signed-in area needs the network: the offline page says so.
    await page.goto(`${server.url}/admin/reports`)
    await page.getByRole('heading', { name: 'Vous êtes hors connexion' }).waitFor()
  })
})

describe('a phone that opened only the home page, then lost the network', () => {
  /** The home page, online, until its service worker keeps what the citizen screens read. */
  async function homeOnline(server: E2eServer, page: Page, kept: string[]): Promise<void> {
    await gotoReady(page, `${server.url}/`)
    await serviceWorkerInControl(page)
    await page.waitForFunction(
      async (paths) => (await Promise.all(paths.map((path) => caches.match(path)))).every(Boolean),
      kept,
    )
  }

  const logoShown = (page: Page) =>
    page
      .locator('header img[src="/favicon.svg"]')
      .first()
      .evaluate((img: HTMLImageElement) => img.naturalWidth > 0)

  it('files a report, which reaches the server once the network returns', async ({
    server,
    context,
    page,
  }) => {
    await homeOnline(server, page, ['/api/categories'])
    await context.setOffline(true)
    await page.goto(`${server.url}/signaler`)
    await page.locator('label').filter({ hasText: 'Voirie' }).click()
    // The logo is the phone's copy too: no broken image offline.
    expect(await logoShown(page)).toBe(true)
    const description = `Nid-de-poule, signalé hors connexion dès la première visite ${Date.now()}`
    await page.getByLabel('Description').fill(description)
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await page
      .getByRole('heading', { name: 'Pas de réseau : votre signalement est gardé sur ce téléphone' })
      .waitFor()

    await context.setOffline(false)
    await page.getByText('Votre signalement en attente est envoyé').waitFor({ timeout: 20_000 })
    expect(
      await server.db.db.select().from(reports).where(eq(reports.description, description)),
    ).toHaveLength(1)
  })

  it('reads the form in the phone’s language', async ({ server, context, page }) => {
    await chooseDisplay(context, { language: 'wo' })
    await homeOnline(server, page, ['/api/categories'])
    await context.setOffline(true)
    await page.goto(`${server.url}/signaler`)
    await page.getByRole('radio', { name: 'Mbedd yi' }).first().waitFor({ state: 'attached' })
  })

  it('opens "Mes signalements" and the status of its own report by its code', async ({
    server,
    context,
    page,
  }) => {
    const filed = await fileReportAsCitizen(server.url, {
      description: 'Lampadaire éteint près du rond-point, suivi hors connexion',
    })
    await rememberCitizenToken(context, filed.citizenToken)
    await homeOnline(server, page, ['/api/citizen/reports', `/api/reports/track/${filed.anonymous_code}`])
    await context.setOffline(true)
    await page.goto(`${server.url}/mes-signalements`)
    await page.getByRole('article').filter({ hasText: filed.anonymous_code }).waitFor()
    await page.goto(`${server.url}/suivi?code=${filed.anonymous_code}`)
    await page.getByRole('article').getByText('En attente').first().waitFor()
    expect(await logoShown(page)).toBe(true)
  })
})

describe('a shared phone', () => {
  it('keeps nothing of the back-office once the administrator has logged out', async ({
    server,
    context,
    page,
  }) => {
    await gotoReady(page, `${server.url}/`)
    await serviceWorkerInControl(page)
    const code = (await server.insertReport({ description: 'Dépôt sauvage derrière le marché' }))
      .anonymous_code
    // The administrator signs in on this phone and opens the reports, their codes on screen.
    await signInAsAdmin(page, server.url)
    await gotoReady(page, `${server.url}/admin/reports`)
    await page.getByText(code).first().waitFor()
    // On a phone the sidebar is a sheet behind the menu button.
    await page.getByRole('button', { name: /Afficher ou masquer le menu latéral/ }).click()
    await page.getByRole('button', { name: 'Déconnexion' }).click()
    await page.waitForURL(/\/admin\/login/)
    // The logout took the home page again, as anyone gets it, for the phone to show offline.
    await page.waitForFunction(async () => (await caches.match('/'))?.ok === true)

    // The next person, without a network: the home page, and nothing of the session anywhere.
    await context.setOffline(true)
    await page.goto(`${server.url}/`)
    await expect
      .poll(() => page.locator('h1, h2').allInnerTexts(), { timeout: 30_000 })
      .toContain('Incidents récents')
    const html = await page.content()
    expect(html).not.toContain(code)
    expect(html).not.toContain('Super administrateur')
    const kept = await page.evaluate(async () => {
      const texts: string[] = []
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          const response = await cache.match(request)
          const type = response?.headers.get('content-type') ?? ''
          if (type.includes('html') || type.includes('json'))
            texts.push(`${request.url}\n${await response?.text()}`)
        }
      }
      return texts.join('\n')
    })
    expect(kept).not.toContain(code)
    expect(kept).not.toContain('Super administrateur')
    expect(kept).not.toContain('/admin/reports')
  })
})

describe('the site in Wolof', () => {
  it('switches from the side menu, with <html lang>, and stays in Wolof', async ({ server, page }) => {
    await server.insertReport({ description: 'Lampadaire éteint', categoryName: 'Éclairage public' })
    await gotoReady(page, `${server.url}/`)
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    await page.getByRole('radio', { name: 'Wolof' }).check()
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'Jafe-jafe yu bees yi' }).waitFor()
    await page.getByRole('link', { name: 'Yégle', exact: true }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('wo')
    await page.reload()
    await page.getByRole('heading', { name: 'Jafe-jafe yu bees yi' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('wo')
    expect(await seriousViolations(page)).toEqual([])
    // The signed-in areas stay French.
    await page.goto(`${server.url}/organization/login`)
    await page.getByRole('heading', { name: 'Espace Organisation' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr')
  })
})

describe('"Moi aussi"', () => {
  it('offers the report nearby and counts this device’s support instead of a duplicate', async ({
    server,
    page,
  }) => {
    const nearby = await server.insertReport({
      description: 'Grand nid-de-poule au carrefour, depuis un mois',
      categoryName: 'Voirie',
      latitude: DEVICE_POSITION.latitude + 0.0003,
      longitude: DEVICE_POSITION.longitude,
      address: 'Carrefour de la Médina',
    })
    const before = (await server.db.db.select().from(reports)).length
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByText('Position : 14.6937, -17.4441').waitFor()
    await page.locator('label').filter({ hasText: 'Voirie' }).click()
    const section = page.getByRole('region', { name: 'Moi aussi : est-ce le même problème ?' })
    await section.getByText('Grand nid-de-poule au carrefour, depuis un mois').waitFor()
    await section.getByText(/À 3\d m · Carrefour de la Médina/).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // Other tests of this file file potholes nearby too: support this one.
    await section
      .getByRole('listitem')
      .filter({ hasText: 'Grand nid-de-poule au carrefour' })
      .getByRole('button', { name: 'C’est le même problème' })
      .click()
    await page.getByRole('heading', { name: 'Merci ! Vous soutenez ce signalement' }).waitFor()
    const [row] = await server.db.db.select().from(reports).where(eq(reports.id, nearby.id))
    expect(row?.supporters_count).toBe(1)
    expect(
      await server.db.db.select().from(reportSupports).where(eq(reportSupports.report_id, nearby.id)),
    ).toHaveLength(1)
    expect((await server.db.db.select().from(reports)).length).toBe(before)
    // It is followed from this device now, counted on its card.
    await page.getByRole('link', { name: 'Voir mes signalements' }).click()
    const card = page.getByRole('article').filter({ hasText: 'Grand nid-de-poule au carrefour' })
    await card.getByText('1 soutien').waitFor()
    await card.getByText('Vous le soutenez (« Moi aussi »)', { exact: false }).waitFor()
  })
})

describe('"Est-ce réglé ?"', () => {
  it('"Non" puts the report back to "En attente" for the organisation, recorded in its history', async ({
    server,
    context,
    page,
  }) => {
    const filed = await resolvedReportOf(server, 'Lampadaire réparé… qui ne marche toujours pas la nuit.')
    await rememberCitizenToken(context, filed.citizenToken)
    await gotoReady(page, `${server.url}/notifications`)
    await page.getByRole('heading', { name: 'Vos signalements marqués « Résolu »' }).waitFor()
    await page.goto(`${server.url}/mes-signalements`)
    const card = page.getByRole('article').filter({ hasText: filed.anonymous_code })
    await card.getByRole('heading', { name: /Est-ce réglé\s\?/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await card.getByRole('button', { name: 'Non, toujours là' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, le rouvrir' }).click()
    await page.getByText('Signalement rouvert : l’organisation va le reprendre').waitFor()
    await card.getByText('En attente').first().waitFor()
    const [row] = await server.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row).toMatchObject({ status: 'en-attente', assigned_organization_id: filed.organization.id })
    const reopened = await server.db.db
      .select()
      .from(reportEvents)
      .where(and(eq(reportEvents.report_id, filed.id), eq(reportEvents.kind, 'reopened')))
    expect(reopened).toHaveLength(1)
    await card.getByText(/Historique/).click()
    await card.getByText('Signalement rouvert').waitFor()
  })
})

describe('"Est-ce réglé ?" answered "Oui"', () => {
  it('confirms the resolution from /notifications, recorded in the history, and asks no more', async ({
    server,
    context,
    page,
  }) => {
    const filed = await resolvedReportOf(server, 'Dépôt d’ordures enlevé ce matin devant l’école.')
    await rememberCitizenToken(context, filed.citizenToken)
    await gotoReady(page, `${server.url}/notifications`)
    const asked = page.getByRole('region', { name: 'Vos signalements marqués « Résolu »' })
    await asked.getByText(filed.anonymous_code).waitFor()
    await asked.getByRole('button', { name: 'Oui, c’est réglé' }).click()
    await page.getByText('Merci ! Résolution confirmée').waitFor()
    await asked.waitFor({ state: 'detached' })
    const [row] = await server.db.db.select().from(reports).where(eq(reports.id, filed.id))
    expect(row?.status).toBe('resolu')
    const confirmed = await server.db.db
      .select()
      .from(reportEvents)
      .where(and(eq(reportEvents.report_id, filed.id), eq(reportEvents.kind, 'confirmed')))
    expect(confirmed).toHaveLength(1)
    await page.goto(`${server.url}/mes-signalements`)
    const card = page.getByRole('article').filter({ hasText: filed.anonymous_code })
    await card.waitFor()
    expect(await card.getByRole('button', { name: 'Oui, c’est réglé' }).count()).toBe(0)
  })
})

// Eleven pages each read whole by axe: a minute on a busy machine, the browser tests' usual bound.
const ELEVEN_PAGES_READ_BY_AXE_MS = 240_000

describe('accessibility of the citizen screens and the sign-in pages', () => {
  it.for(['light', 'dark'] as const)(
    'finds no serious violation in the %s theme',
    { timeout: ELEVEN_PAGES_READ_BY_AXE_MS },
    async (theme, { server, context, page }) => {
      const filed = await resolvedReportOf(server, `Signalement pour le thème ${theme}, assez long.`)
      await rememberCitizenToken(context, filed.citizenToken)
      await chooseDisplay(context, { theme })
      await gotoReady(page, `${server.url}/`)
      await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      )
      await page.getByRole('heading', { name: 'Signalements visibles sur la carte' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])

      // The preferences, opened with the keyboard only.
      await page.getByRole('button', { name: 'Ouvrir le menu' }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: 'Préférences' }).focus()
      await page.keyboard.press('Enter')
      const preferences = page.getByRole('dialog', { name: 'Préférences' })
      await preferences.getByRole('radio', { name: 'Grande' }).waitFor()
      expect(await seriousViolations(page)).toEqual([])
      await page.keyboard.press('Escape')

      for (const path of [
        '/signaler',
        '/mes-signalements',
        '/notifications',
        `/suivi?code=${filed.anonymous_code}`,
        '/a-propos',
        '/statistiques',
        '/cette-page-nexiste-pas',
        '/organization/login',
        '/admin/login',
      ]) {
        await page.goto(`${server.url}${path}`)
        await page.getByRole('heading', { level: 1 }).waitFor()
        await page.waitForLoadState('networkidle')
        expect(await seriousViolations(page), `${path} (${theme})`).toEqual([])
      }
    },
  )

  it('the admin’s API keys: created, shown once, revoked, without serious violation', async ({
    server,
    page,
  }) => {
    await signInAsAdmin(page, server.url)
    await page.goto(`${server.url}/admin/api-keys`)
    await page.getByRole('heading', { name: 'Clés API Open311' }).waitFor()
    await page.getByRole('button', { name: 'Créer une clé' }).first().click()
    await page.getByLabel('Nom').fill('Application de test')
    await page.getByRole('dialog').getByRole('button', { name: 'Créer une clé' }).click()
    const key = await page.getByLabel(/Clé API/).inputValue()
    expect(key).toMatch(/^au_/)
    // axe reads a toast still fading in as low contrast: let it settle.
    await page.getByText('Clé créée').waitFor()
    await page.waitForTimeout(800)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'J’ai copié la clé' }).click()
    // The key files a report through Open311.
    const categories = (await (await fetch(`${server.url}/open311/v2/services.json`)).json()) as {
      service_code: string
    }[]
    const posted = await fetch(`${server.url}/open311/v2/requests.json`, {
      method: 'POST',
      body: new URLSearchParams({
        api_key: key,
        service_code: categories[0]?.service_code ?? '',
        lat: '14.7',
        long: '-17.44',
        description: 'Par Open311',
      }),
    })
    expect(posted.status).toBe(201)
    await page.getByRole('button', { name: 'Révoquer la clé Application de test' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Révoquer' }).click()
    await page.getByText('Clé révoquée').waitFor()
    await page.waitForTimeout(800)
    expect(await seriousViolations(page)).toEqual([])
    expect(
      await server.db.db.select().from(reports).where(eq(reports.description, 'Par Open311')),
    ).toHaveLength(1)
  })
})

/** Presses Tab until the element has the focus (at most `limit` times): what a keyboard user does. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`${target} never got the focus with Tab`)
}

describe('the keyboard alone', () => {
  it('files a report, from the home page to "Mes signalements", without a mouse', async ({
    server,
    page,
  }) => {
    await gotoReady(page, `${server.url}/`)
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    await tabTo(page, page.getByRole('link', { name: 'Signaler', exact: true }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    await page.getByText('Position : 14.6937, -17.4441').waitFor()

    // The map is a still preview until touched: Enter starts the live map and puts the focus in it.
    await tabTo(
      page,
      page.getByRole('button', { name: 'Carte\u202f: déplacez le repère sur le lieu du problème' }),
    )
    await page.keyboard.press('Enter')
    const map = page.locator('.leaflet-container')
    await expect.poll(() => map.evaluate((element) => element === document.activeElement)).toBe(true)
    // The pin cannot be dragged with keys: the arrows move the map, a button puts the pin at its centre.
    for (let presses = 0; presses < 3; presses++) await page.keyboard.press('ArrowRight')
    await page.waitForTimeout(500)
    await tabTo(page, page.getByRole('button', { name: 'Mettre le repère au centre de la carte' }))
    await page.keyboard.press('Enter')
    await page.getByText(/^Position\s: 14\.6937, -17\.44[0-3]\d$/).waitFor()

    // The categories are one group of radio buttons: Tab enters it, the arrows choose.
    await tabTo(page, page.getByRole('radio').first())
    const cleanliness = page.getByRole('radio', { name: 'Propreté' })
    for (let presses = 0; presses < 6 && !(await cleanliness.isChecked()); presses++) {
      await page.keyboard.press('ArrowRight')
    }
    expect(await cleanliness.isChecked()).toBe(true)
    const description = `Tas d’ordures brûlé au coin de la rue, fait au clavier ${Date.now()}`
    await tabTo(page, page.getByLabel('Description'))
    await page.keyboard.type(description)
    await tabTo(page, page.getByRole('button', { name: 'Envoyer le signalement' }))
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Merci ! Votre signalement est envoyé' }).waitFor()
    const [row] = await server.db.db.select().from(reports).where(eq(reports.description, description))
    expect(row?.type).toBe('Propreté')
    // East of where the phone stood: where the keyboard put the pin.
    expect(row?.longitude).toBeGreaterThan(DEVICE_POSITION.longitude)

    // "Mes signalements" is reached the same way.
    await tabTo(page, page.getByRole('link', { name: 'Voir mes signalements' }))
    await page.keyboard.press('Enter')
    await page.getByRole('article').filter({ hasText: description }).waitFor()
  })
})
