import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LOCATION,
  distanceInMetres,
  fieldCoordinates,
  formatCoordinates,
  geoUri,
  neighbourhoodChain,
  openStreetMapDirectionsUrl,
  openStreetMapUrl,
} from './location'

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

  it('gives a computer the way there on OpenStreetMap', () => {
    expect(openStreetMapDirectionsUrl(14.6928, -17.4467)).toBe(
      'https://www.openstreetmap.org/directions?to=14.69280,-17.44670',
    )
  })

  it('shows the point on OpenStreetMap with its marker', () => {
    expect(openStreetMapUrl(14.6928, -17.4467)).toBe(
      'https://www.openstreetmap.org/?mlat=14.69280&mlon=-17.44670#map=17/14.69280/-17.44670',
    )
  })
})

describe('distanceInMetres', () => {
  it('measures along the Earth: Place de l’Indépendance to the Monument de la Renaissance, about 9.1 km', () => {
    const independence = { latitude: 14.6683, longitude: -17.4314 }
    const renaissance = { latitude: 14.7222, longitude: -17.4951 }
    expect(distanceInMetres(independence, renaissance)).toBeGreaterThan(9_000)
    expect(distanceInMetres(independence, renaissance)).toBeLessThan(9_200)
    expect(distanceInMetres(independence, independence)).toBe(0)
  })
})
