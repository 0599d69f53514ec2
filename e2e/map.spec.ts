// The maps read at a glance on a 360 px phone: nothing floating over the map hides a report, a
// group or the popup's ×; a group's colour says what it holds; the form's button leaves the
// tiles' attribution readable.
import type { Locator } from 'playwright-core'
import { describe, expect } from 'vitest'
import { gotoReady, HOME_MAP_PREVIEW, wakeHomeMap } from './support/browser'
import { it } from './support/fixtures'

// The visitor stands where the home map is centred (zoom 15: about 23,300 px per degree of
// longitude and 24,100 per degree of latitude here); the reports are placed from it in pixels of
// a 360 × 740 phone, whose map is 370 px high.
const VISITOR = { latitude: 14.6928, longitude: -17.4467 }
const at = (right: number, down: number) => ({
  latitude: VISITOR.latitude - down / 24_100,
  longitude: VISITOR.longitude + right / 23_300,
})
// Three reports waiting at one spot near the bottom of the map: a group of three.
const NEAR_THE_BOTTOM = at(0, 150)
// One report near the top right corner: its popup opens where the legend is.
const NEAR_THE_TOP_RIGHT = at(120, -35)

it.beforeAll(async ({ server }) => {
  for (const description of ['Tas d’ordures', 'Poubelle renversée', 'Dépôt sauvage']) {
    await server.insertReport({ description, categoryName: 'Propreté', ...NEAR_THE_BOTTOM })
  }
  await server.insertReport({
    description: 'Lampadaire éteint',
    categoryName: 'Éclairage public',
    ...NEAR_THE_TOP_RIGHT,
  })
})

// Each test's page: the visitor's 360 px phone.
it.override('contextOptions', {
  viewport: { width: 360, height: 740 },
  geolocation: VISITOR,
  permissions: ['geolocation'],
})

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox()
  if (!box) throw new Error(`${locator} is not on screen`)
  return box
}

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const colourOf = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor)

describe('the home map on a 360 px phone', () => {
  it('keeps its legend folded, and opens it on demand', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/`)
    const toggle = page.getByRole('button', { name: 'Légende' })
    await toggle.waitFor()
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await page.getByRole('list', { name: 'Légende de la carte' }).count()).toBe(0)
    await toggle.click()
    const legend = page.getByRole('list', { name: 'Légende de la carte' })
    expect(await legend.getByRole('listitem').allInnerTexts()).toEqual([
      'En attente',
      'En cours',
      'Résolu',
      'Votre position actuelle',
    ])
    await toggle.click()
    await legend.waitFor({ state: 'detached' })
  })

  it('shows the group at the bottom of the map, clear of the count', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/`)
    const group = page.locator('.report-cluster', { hasText: '3' })
    await group.waitFor()
    const count = page.getByText('4 incidents rapportés dans le département de Dakar')
    await count.waitFor()
    expect(overlap(await boxOf(group), await boxOf(count))).toBe(false)
  })

  it('draws its preview as the live map draws it: touched, nothing moves', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/`)
    const group = page.locator('.report-cluster', { hasText: '3' })
    const report = page.locator('.report-marker')
    await group.waitFor()
    // Each tile's address and place on screen.
    const tiles = (selector: string) =>
      page.locator(selector).evaluateAll((images) =>
        images
          .map((image) => {
            const { x, y } = image.getBoundingClientRect()
            return `${(image as HTMLImageElement).src} at ${x},${y}`
          })
          .sort(),
      )
    const before = [await boxOf(group), await boxOf(report)]
    const tilesBefore = await tiles('img[src*="tile.openstreetmap.org"]')
    expect(tilesBefore.length).toBeGreaterThan(0)
    await wakeHomeMap(page)
    const live = [
      await boxOf(page.locator('.leaflet-marker-icon.report-cluster', { hasText: '3' })),
      await boxOf(page.locator('.leaflet-marker-icon.report-marker')),
    ]
    expect(live).toEqual(before)
    await expect.poll(() => tiles('.leaflet-tile')).toEqual(tilesBefore)
  })

  it('colours a group of waiting reports as the legend colours “En attente”, not “Résolu”', async ({
    server,
    page,
  }) => {
    await gotoReady(page, `${server.url}/`)
    const group = page.locator('.report-cluster', { hasText: '3' })
    await group.waitFor()
    await page.getByRole('button', { name: 'Légende' }).click()
    const legend = page.getByRole('list', { name: 'Légende de la carte' })
    const swatch = (status: string) =>
      colourOf(legend.getByRole('listitem').filter({ hasText: status }).locator('.report-marker-dot'))
    const waiting = await swatch('En attente')
    expect(await colourOf(group)).toBe(waiting)
    expect(waiting).not.toBe(await swatch('Résolu'))
  })

  it('opens a report’s popup at the first tap on its marker, while the live map starts', async ({
    server,
    page,
  }) => {
    await gotoReady(page, `${server.url}/`)
    await page.locator('.report-marker[title^="Éclairage public – En attente"]').click()
    const popup = page.locator('.leaflet-popup')
    await popup.getByRole('link', { name: 'Éclairage public' }).waitFor()
    await page.getByRole('button', HOME_MAP_PREVIEW).waitFor({ state: 'detached' })
  })

  it('shows the zoom and recentring buttons from the start, and zooms in at the first tap on “+”', async ({
    server,
    page,
  }) => {
    await gotoReady(page, `${server.url}/`)
    const preview = page.getByRole('button', HOME_MAP_PREVIEW)
    await preview.waitFor()
    expect(await page.locator('.leaflet-tile[src*="/16/"]').count()).toBe(0)
    const zoomIn = await boxOf(preview.getByText('+', { exact: true }))
    expect(await preview.locator('svg.lucide-locate-fixed').count()).toBe(1)
    await preview.click({ position: { x: 25, y: 25 } })
    await page.locator('.leaflet-tile[src*="/16/"]').first().waitFor({ state: 'attached' })
    await page.getByRole('button', { name: 'Recentrer sur ma position' }).waitFor()
    // The picture of “Zoom avant” was where the live one is.
    expect(await boxOf(page.locator('.leaflet-control-zoom-in'))).toEqual(zoomIn)
  })

  it('zooms into a group at the first tap on it', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/`)
    const group = page.locator('.report-cluster', { hasText: '3' })
    await group.click()
    // Three reports at one spot: no zoom sets them apart, the popup lists them.
    const popup = page.locator('.leaflet-popup')
    await expect.poll(() => popup.getByRole('listitem').count(), { timeout: 10_000 }).toBe(3)
  })

  it('leaves the popup’s × free to tap when the legend was open', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/`)
    await wakeHomeMap(page)
    await page.getByRole('button', { name: 'Légende' }).click()
    const legend = await boxOf(page.getByRole('list', { name: 'Légende de la carte' }))
    await page.locator('.leaflet-marker-icon.report-marker').click()
    const popup = page.locator('.leaflet-popup')
    await popup.getByText('Éclairage public').waitFor()
    const close = popup.getByRole('button', { name: 'Close popup' })
    // The popup opened where the open legend was, once the map has moved to show it whole (a pan
    // that a busy machine draws late)…
    await expect
      .poll(async () => overlap(legend, await boxOf(close)), { timeout: 10_000, interval: 200 })
      .toBe(true)
    // …and its × is not under the legend: a tap that lands on the legend fails after these 10 s.
    await close.click({ timeout: 10_000 })
    await popup.waitFor({ state: 'detached' })
  })
})

describe('the form’s map on a 360 px phone', () => {
  const FORM_MAP_PREVIEW = { name: 'Carte\u202f: déplacez le repère sur le lieu du problème' }

  it('moves the pin where the still map is tapped, and the live map starts with it there', async ({
    server,
    page,
  }) => {
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByText('Position : 14.6928, -17.4467').waitFor()
    const preview = page.getByRole('button', FORM_MAP_PREVIEW)
    const box = await boxOf(preview)
    // 60 px right of the centre and 40 px above it: east and north of the visitor.
    await preview.click({ position: { x: box.width / 2 + 60, y: box.height / 2 - 40 } })
    const pin = page.locator('.leaflet-marker-icon[title="Lieu du problème"]')
    await pin.waitFor()
    await preview.waitFor({ state: 'detached' })
    const position = page.getByText(/^Position\s: /)
    const [latitude, longitude] = ((await position.innerText()).match(/-?\d+\.\d+/g) ?? []).map(Number)
    expect(latitude).toBeGreaterThan(VISITOR.latitude)
    expect(longitude).toBeGreaterThan(VISITOR.longitude)
    // The pin's tip is where the finger was, and the map did not move under it.
    const tip = await boxOf(pin)
    expect(Math.abs(tip.x + 12 - (box.x + box.width / 2 + 60))).toBeLessThanOrEqual(1)
    expect(Math.abs(tip.y + tip.height - (box.y + box.height / 2 - 40))).toBeLessThanOrEqual(1)
  })

  it('leaves the OpenStreetMap attribution clear of the button that centres the pin', async ({
    server,
    page,
  }) => {
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByRole('button', FORM_MAP_PREVIEW).focus()
    await page.keyboard.press('Enter')
    const attribution = page.locator('.leaflet-control-attribution')
    await attribution.getByRole('link', { name: 'OpenStreetMap' }).waitFor()
    const button = page.getByRole('button', { name: 'Mettre le repère au centre de la carte' })
    expect(overlap(await boxOf(button), await boxOf(attribution))).toBe(false)
  })
})
