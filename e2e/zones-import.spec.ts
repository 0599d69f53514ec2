// Issue 30, point 2: an administrator imports the communes' limits from a GeoJSON file on the
// "Zones" screen; the map then draws them instead of the circles around the centres, the list says
// where each commune's limits come from, and /statistiques credits OpenStreetMap.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { seriousViolations } from './support/accessibility'
import { dakarContext, gotoReady, signInAsAdmin } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'

/** A square of about 440 m around a point, as GeoJSON rings go: [longitude, latitude], closed. */
function squareAround(longitude: number, latitude: number, side = 0.004) {
  const h = side / 2
  return [
    [longitude - h, latitude - h],
    [longitude + h, latitude - h],
    [longitude + h, latitude + h],
    [longitude - h, latitude + h],
    [longitude - h, latitude - h],
  ]
}

/** What OpenStreetMap's export would give for two communes: a Polygon each, named as people write it. */
const LIMITS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Médina' },
      geometry: { type: 'Polygon', coordinates: [squareAround(-17.4485, 14.679)] },
    },
    {
      type: 'Feature',
      properties: { name: 'Gueule Tapée-Fass-Colobane' },
      geometry: { type: 'Polygon', coordinates: [squareAround(-17.453, 14.687)] },
    },
  ],
}

/** The map's communes: Leaflet's SVG paths, those drawn with imported limits in green (communes-map.tsx). */
const communeShapes = (page: Page) => page.locator('.leaflet-overlay-pane path.leaflet-interactive')
const importedShapes = (page: Page) =>
  page.locator('.leaflet-overlay-pane path.leaflet-interactive[stroke="#15803d"]')

it.beforeAll(startServerAndBrowser)

describe('zones: the communes’ limits', () => {
  it('an administrator imports two communes’ limits from a file, and the map draws them', async ({
    server,
    browser,
  }) => {
    const desk = await dakarContext(browser, { viewport: { width: 1280, height: 900 } })
    const page = await desk.newPage()
    // What the app writes as an error, or throws (a hydration mismatch is React's error #418); the
    // browser's own line for a refused request is the network's.
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text())
    })
    await signInAsAdmin(page, server.url)
    await page
      .getByRole('navigation', { name: 'Panneau d’administration' })
      .getByRole('link', { name: 'Zones' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Zones' }).waitFor()
    const list = page.getByRole('table', { name: 'Liste des communes' })
    const medina = list.getByRole('row', { name: /Médina/ })
    await medina.getByText('Approximation par le centre').waitFor()
    expect(await list.getByRole('row').count()).toBe(20)
    // Every commune is a circle around its centre until limits are imported.
    await expect.poll(() => communeShapes(page).count()).toBe(19)
    expect(await importedShapes(page).count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Fichier GeoJSON des limites').setInputFiles({
      name: 'communes-dakar.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(JSON.stringify(LIMITS)),
    })
    await page.getByRole('button', { name: 'Importer' }).click()
    await page.getByText('Limites importées pour 2 communes').waitFor()

    await medina.getByText(/^Limites importées le \d{1,2} \S+ \d{4}$/).waitFor()
    await list
      .getByRole('row', { name: /Gueule Tapée-Fass-Colobane/ })
      .getByText(/^Limites importées le/)
      .waitFor()
    expect(await list.getByText('Approximation par le centre').count()).toBe(17)
    // The two squares replace their circles; the 17 others stay circles.
    await expect.poll(() => importedShapes(page).count()).toBe(2)
    expect(await communeShapes(page).count()).toBe(19)
    // A commune's name on hover.
    await importedShapes(page).first().hover()
    await page.locator('.leaflet-tooltip').getByText('Médina', { exact: true }).waitFor()
    // The reports' communes are recounted in the background; the screen says so until it is over.
    const recounting = page.getByText('Communes des signalements en cours de mise à jour…')
    await recounting.waitFor()
    await server.recountAreas()
    await recounting.waitFor({ state: 'hidden' })

    // Opened at its address, the screen is rendered by the server with the limits, then its map.
    await gotoReady(page, `${server.url}/admin/zones`)
    await medina.getByText(/^Limites importées le/).waitFor()
    await expect.poll(() => importedShapes(page).count()).toBe(2)
    expect(errors).toEqual([])

    // The public statistics now credit OpenStreetMap for the limits.
    await gotoReady(page, `${server.url}/statistiques`)
    const credit = page.getByRole('link', { name: '© les contributeurs d’OpenStreetMap (ODbL)' })
    await credit.waitFor()
    expect(await credit.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright')
    await desk.close()
  })
})
