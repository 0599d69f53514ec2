import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LOCATION,
  fieldCoordinates,
  formatCoordinates,
  geoUri,
  neighbourhoodChain,
  openStreetMapUrl,
  placeName,
  UNKNOWN_PLACE,
} from './location'

describe('placeName', () => {
  it('prefers the address', () => {
    expect(
      placeName({ address: 'Rue 10, Médina', department: 'Dakar', latitude: 14.7, longitude: -17.4 }),
    ).toBe('Rue 10, Médina')
  })

  it('falls back to the department when the address is blank', () => {
    expect(placeName({ address: '   ', department: 'Dakar', latitude: 14.7, longitude: -17.4 })).toBe('Dakar')
  })

  it('then to the neighbourhood chain of reverse geocoding', () => {
    expect(
      placeName(
        { address: null, department: null, latitude: 14.7, longitude: -17.4 },
        { suburb: 'Médina', city: 'Dakar', state: 'Région de Dakar' },
      ),
    ).toBe('Médina, Dakar, Région de Dakar')
  })

  it('then to the coordinates with 4 decimals', () => {
    expect(placeName({ latitude: 14.692812, longitude: -17.446734 }, null)).toBe('14.6928, -17.4467')
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
