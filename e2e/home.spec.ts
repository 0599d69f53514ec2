import { describe, expect } from 'vitest'
import { seriousViolations } from './support/accessibility'
import { gotoReady, HOME_MAP_PREVIEW, wakeHomeMap } from './support/browser'
import { it } from './support/fixtures'

/** Where the visitor's phone says it is. */
const VISITOR = { latitude: 14.6928, longitude: -17.4467 }

it.beforeAll(async ({ server }) => {
  await server.insertReport({
    description: 'Lampadaire éteint depuis deux semaines devant la pharmacie.',
    categoryName: 'Éclairage public',
    address: 'Avenue Blaise Diagne, Médina',
    status: 'en-cours',
    created_at: '2026-11-20T09:30:00Z',
  })
  await server.insertReport({
    description: 'Nid-de-poule profond au carrefour, les motos tombent.',
    categoryName: 'Voirie',
    created_at: '2026-11-21T16:00:00Z',
  })
})

// Each test's page: a phone that knows where the visitor is.
it.override('contextOptions', { geolocation: VISITOR, permissions: ['geolocation'] })

describe('home page', () => {
  it('shows its title, the count and the recent reports put in the database', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/`)
    expect(await page.title()).toBe('Plateforme d’alertes urbaines au Sénégal')
    await page.getByText('2 incidents rapportés dans le département de Dakar').waitFor()
    await page.getByRole('heading', { name: 'Incidents récents' }).waitFor()
    await page.getByText('2 signalements récents').waitFor()
    const cards = page.getByRole('article')
    expect(await cards.count()).toBe(2)
    // Newest first, with the French long date and the status label.
    await expect.poll(() => cards.first().innerText()).toContain('Voirie')
    const lighting = await cards.nth(1).innerText()
    expect(lighting).toContain('Éclairage public')
    expect(lighting).toContain('Avenue Blaise Diagne, Médina')
    expect(lighting).toContain('20 novembre 2026')
    expect(lighting).toContain('En cours')
    await page.getByRole('link', { name: 'Signaler', exact: true }).waitFor()
  })

  it('shows the map’s preview once the position is known, and the live map at the first touch', async ({
    server,
    page,
  }) => {
    await gotoReady(page, `${server.url}/`)
    const preview = page.getByRole('button', HOME_MAP_PREVIEW)
    await preview.waitFor()
    // Leaflet is not even fetched until then: a cheap phone is not held by it.
    const fetched = () =>
      page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
    expect((await fetched()).filter((url) => /home-map-view|leaflet/.test(url))).toEqual([])
    await wakeHomeMap(page)
    expect((await fetched()).filter((url) => /home-map-view/.test(url))).toHaveLength(1)
    await page.getByRole('button', { name: 'Recentrer sur ma position' }).waitFor()
  })

  it('puts the visitor’s position above the reports, in a colour of its own that the legend explains', async ({
    server,
    page,
  }) => {
    // Both reports of this file are at the visitor's very position: grouped under the marker.
    await gotoReady(page, `${server.url}/`)
    await wakeHomeMap(page)
    const position = page.locator('.leaflet-marker-icon.user-position-marker')
    const group = page.locator('.leaflet-marker-icon.report-cluster')
    await position.waitFor()
    await group.first().waitFor()
    const zIndex = (locator: typeof position) =>
      locator.evaluate((element) => Number(getComputedStyle(element).zIndex))
    expect(await zIndex(position)).toBeGreaterThan(await zIndex(group.first()))
    // On top, yet a tap goes through it to the reports under it.
    expect(await position.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none')
    const colour = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor)
    const legend = page.getByRole('list', { name: 'Légende de la carte' })
    expect(await legend.getByRole('listitem').allInnerTexts()).toEqual([
      'En attente',
      'En cours',
      'Résolu',
      'Votre position actuelle',
    ])
    const resolved = await colour('.report-marker--green .report-marker-dot')
    const mine = await colour('.user-position-dot')
    expect(mine).not.toBe(resolved)
    // The legend's swatch of the position is the marker's own colour.
    expect(
      await legend.locator('.user-position-dot').evaluate((e) => getComputedStyle(e).backgroundColor),
    ).toBe(mine)
  })

  // Issue 28: a loading spinner made the phone draw sixty frames a second while it started the page.
  it('moves nothing while its map arrives, and the position’s ring pulses a few times only', async ({
    server,
    context,
    page,
  }) => {
    let releaseMap = () => {}
    const mapHeld = new Promise<void>((resolve) => {
      releaseMap = resolve
    })
    await context.route(/\/assets\/home-map-preview-[^/]*\.js$/, async (route) => {
      await mapHeld
      await route.continue()
    })
    await gotoReady(page, `${server.url}/`)
    await page.getByRole('status').filter({ hasText: 'Chargement de la carte...' }).waitFor()
    const running = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.playState === 'running')
          .map((animation) => (animation.effect as KeyframeEffect | null)?.target?.getAttribute('class')),
      )
    expect(await running()).toEqual([])
    releaseMap()
    const ring = page.locator('.user-position-pulse')
    await ring.waitFor()
    expect(await ring.evaluate((element) => getComputedStyle(element).animationIterationCount)).toBe('3')
  })

  it('has no serious or critical accessibility violation', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/`)
    await page.getByText('2 signalements récents').waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})

describe('unknown path', () => {
  it('shows the not-found page', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/cette/page/n-existe/pas`)
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor()
    await page.getByRole('link', { name: 'Retour à l’accueil' }).waitFor()
  })
})
