import { describe, expect, it } from 'vitest'
import { nearestCommune } from './communes'
import { UNKNOWN_PLACE } from './location'
import { placeName, placeNeedsGeocoding } from './place'

describe('placeName', () => {
  it('prefers the address', () => {
    expect(
      placeName({ address: 'Rue 10, Médina', department: 'Dakar', latitude: 14.7, longitude: -17.4 }),
    ).toBe('Rue 10, Médina')
  })

  it('names a report without address by its commune and coordinates, not by its department alone', () => {
    const report = { address: '   ', department: 'Dakar', latitude: 14.6795, longitude: -17.447 }
    expect(placeName(report)).toBe('Médina (14.67950, -17.44700)')
    expect(placeNeedsGeocoding(report)).toBe(false)
  })

  it('names the commune of a point between the circles, but none beyond the department', () => {
    // Outside every commune's circle, yet in Dakar: named after the nearest commune.
    expect(nearestCommune(14.71, -17.465)).toBeNull()
    expect(placeName({ latitude: 14.71, longitude: -17.465 })).toBe('Mermoz-Sacré-Cœur (14.71000, -17.46500)')
    // Pikine, another department: no commune of Dakar is named there.
    expect(placeName({ department: 'Dakar', latitude: 14.75, longitude: -17.39 })).toBe(
      'Dakar (14.7500, -17.3900)',
    )
  })

  it('asks reverse geocoding only where no commune names the place, and prefers its neighbourhood', () => {
    const pikine = { address: null, department: 'Dakar', latitude: 14.75, longitude: -17.39 }
    expect(placeNeedsGeocoding(pikine)).toBe(true)
    expect(placeName(pikine, { suburb: 'Pikine Nord', city: 'Pikine', state: 'Région de Dakar' })).toBe(
      'Pikine Nord, Pikine, Région de Dakar',
    )
    expect(placeNeedsGeocoding({ address: 'Rue 10', latitude: 14.75, longitude: -17.39 })).toBe(false)
  })

  it('then to the coordinates with 4 decimals, or the department alone', () => {
    expect(placeName({ latitude: 14.75, longitude: -17.39 }, null)).toBe('14.7500, -17.3900')
    expect(placeName({ department: 'Dakar' })).toBe('Dakar')
  })

  it('knows none when nothing is known, for the screens to say "Localisation non spécifiée"', () => {
    expect(placeName({})).toBeNull()
    expect(placeName({ latitude: 999, longitude: 0 })).toBeNull()
    expect(UNKNOWN_PLACE).toBe('Localisation non spécifiée')
  })
})
