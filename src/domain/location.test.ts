import { describe, expect, it } from 'vitest'
import { nearestCommune } from './communes'
import {
  DEFAULT_LOCATION,
  fieldCoordinates,
  formatCoordinates,
  geoUri,
  neighbourhoodChain,
  openStreetMapUrl,
  placeName,
  placeNeedsGeocoding,
  UNKNOWN_PLACE,
} from './location'

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

describe('neighbourhoodChain', () => {
  it('drops empty and repeated parts', () => {
    expect(neighbourhoodChain({ town: 'Rufisque', state: 'Rufisque' })).toBe('Rufisque')
    expect(neighbourhoodChain({})).toBeNull()
  })
})

describe('DEFAULT_LOCATION', () => {
  it('is Dakar itself, not the centre of Senegal', () => {
    expect(formatCoordinates(DEFAULT_LOCATION.latitude, DEFAULT_LOCATION.longitude)).toBe('14.6928, -17.4467')
    expect(DEFAULT_LOCATION.department).toBe('Dakar')
  })
})

describe('the way to a report', () => {
  it('gives coordinates to five decimals, about a metre', () => {
    expect(fieldCoordinates(14.6928, -17.44671234)).toBe('14.69280, -17.44671')
  })

  it('opens the phone’s map application with a labelled pin (geo: URI)', () => {
    expect(geoUri(14.6928, -17.4467, 'Voirie – Médina')).toBe(
      'geo:14.69280,-17.44670?q=14.69280,-17.44670(Voirie%20%E2%80%93%20M%C3%A9dina)',
    )
  })

  it('shows the point on OpenStreetMap with its marker', () => {
    expect(openStreetMapUrl(14.6928, -17.4467)).toBe(
      'https://www.openstreetmap.org/?mlat=14.69280&mlon=-17.44670#map=17/14.69280/-17.44670',
    )
  })
})
