import { describe, expect, it } from 'vitest'
import { project, tileAddress, unproject, viewBounds, viewOrigin, viewTiles } from './web-mercator'

const PLATEAU = { latitude: 14.6937, longitude: -17.4441 }
const TEMPLATE = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'

describe('the web map’s arithmetic', () => {
  it('finds a place back from its pixel', () => {
    const back = unproject(project(PLATEAU, 15), 15)
    expect(back.latitude).toBeCloseTo(PLATEAU.latitude, 9)
    expect(back.longitude).toBeCloseTo(PLATEAU.longitude, 9)
  })

  it('names the tile OpenStreetMap serves for Dakar’s Plateau', () => {
    // The tile of the Plateau at zoom 15 by the OpenStreetMap wiki's formula (Slippy map tilenames).
    const [tile] = viewTiles(PLATEAU, 15, { width: 1, height: 1 })
    expect(tile && tileAddress(TEMPLATE, tile)).toBe('https://tile.openstreetmap.org/15/14796/15031.png')
  })

  it('covers a phone’s map with whole tiles, the first one at or above its top left corner', () => {
    const size = { width: 360, height: 370 }
    const tiles = viewTiles(PLATEAU, 15, size)
    const columns = new Set(tiles.map((tile) => tile.x)).size
    const rows = new Set(tiles.map((tile) => tile.y)).size
    expect(columns * rows).toBe(tiles.length)
    expect(columns).toBeGreaterThanOrEqual(2)
    expect(rows).toBeGreaterThanOrEqual(2)
    const [first] = tiles
    expect(first?.left).toBeLessThanOrEqual(0)
    expect(first?.top).toBeLessThanOrEqual(0)
    const last = tiles.at(-1)
    expect((last?.left ?? 0) + 256).toBeGreaterThanOrEqual(size.width)
    expect((last?.top ?? 0) + 256).toBeGreaterThanOrEqual(size.height)
  })

  it('gives the view’s edges around its centre, as wide as the view', () => {
    const [west, south, east, north] = viewBounds(PLATEAU, 15, { width: 360, height: 370 })
    expect(west).toBeLessThan(PLATEAU.longitude)
    expect(east).toBeGreaterThan(PLATEAU.longitude)
    expect(south).toBeLessThan(PLATEAU.latitude)
    expect(north).toBeGreaterThan(PLATEAU.latitude)
    // 360 pixels of 2^15 × 256 around the world.
    expect(east - west).toBeCloseTo((360 * 360) / (256 * 2 ** 15), 9)
  })

  it('rounds the view’s corner to a whole pixel, as Leaflet does', () => {
    const origin = viewOrigin(PLATEAU, 15, { width: 361, height: 371 })
    expect(Number.isInteger(origin.x) && Number.isInteger(origin.y)).toBe(true)
  })

  it('wraps tiles around the date line', () => {
    expect(tileAddress(TEMPLATE, { x: -1, y: 3, zoom: 2, left: 0, top: 0 })).toBe(
      'https://tile.openstreetmap.org/2/3/3.png',
    )
    expect(
      tileAddress('https://{s}.tile.example/{z}/{x}/{y}{r}.png', { x: 1, y: 1, zoom: 2, left: 0, top: 0 }),
    ).toBe('https://c.tile.example/2/1/1.png')
  })
})
