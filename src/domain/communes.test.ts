import { describe, expect, it } from 'vitest'
import { COMMUNES, nearestCommune } from './communes'
import { distanceInMetres } from './location'

describe('COMMUNES', () => {
  it('are the 19 communes d’arrondissement of the department of Dakar, in its four arrondissements', () => {
    expect(COMMUNES.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'fr'))).toEqual([
      'Biscuiterie',
      'Cambérène',
      'Dakar-Plateau',
      'Dieuppeul-Derklé',
      'Fann-Point E-Amitié',
      'Gorée',
      'Grand Dakar',
      'Grand Yoff',
      'Gueule Tapée-Fass-Colobane',
      'Hann Bel-Air',
      'HLM',
      'Médina',
      'Mermoz-Sacré-Cœur',
      'Ngor',
      'Ouakam',
      'Parcelles Assainies',
      'Patte d’Oie',
      'Sicap-Liberté',
      'Yoff',
    ])
    const perArrondissement: Record<string, number> = {}
    for (const { arrondissement } of COMMUNES) {
      perArrondissement[arrondissement] = (perArrondissement[arrondissement] ?? 0) + 1
    }
    expect(perArrondissement).toEqual({
      'Dakar-Plateau': 5,
      'Grand Dakar': 6,
      Almadies: 4,
      'Parcelles Assainies': 4,
    })
  })

  it('lie within the department: centres between Cap Manuel and Cambérène, small circles', () => {
    for (const commune of COMMUNES) {
      expect(commune.latitude).toBeGreaterThan(14.65)
      expect(commune.latitude).toBeLessThan(14.78)
      expect(commune.longitude).toBeGreaterThan(-17.53)
      expect(commune.longitude).toBeLessThan(-17.39)
      expect(commune.radiusM).toBeGreaterThanOrEqual(100)
      expect(commune.radiusM).toBeLessThanOrEqual(1000)
    }
  })
})

describe('distanceInMetres', () => {
  it('measures metres on the ground', () => {
    expect(distanceInMetres({ latitude: 14, longitude: -17 }, { latitude: 15, longitude: -17 })).toBeCloseTo(
      111_195,
      -2,
    )
    // Place de l’Indépendance to the Gorée landing, about 3.5 km across the water.
    const across = distanceInMetres(
      { latitude: 14.6681, longitude: -17.4316 },
      { latitude: 14.6672, longitude: -17.3985 },
    )
    expect(across).toBeGreaterThan(3400)
    expect(across).toBeLessThan(3700)
  })
})

describe('nearestCommune', () => {
  it('names the commune of each centre, and of a point near it', () => {
    for (const commune of COMMUNES) {
      expect(nearestCommune(commune.latitude, commune.longitude)?.name).toBe(commune.name)
      expect(nearestCommune(commune.latitude + 0.0005, commune.longitude - 0.0005)?.name).toBe(commune.name)
    }
  })

  it('names well-known places by their commune', () => {
    expect(nearestCommune(14.6681, -17.4316)?.name).toBe('Dakar-Plateau') // Place de l’Indépendance
    expect(nearestCommune(14.6675, -17.398)?.name).toBe('Gorée')
    expect(nearestCommune(14.6925, -17.4625)?.name).toBe('Fann-Point E-Amitié') // UCAD
  })

  it('names no commune outside the department, at sea, or for coordinates that are not numbers', () => {
    expect(nearestCommune(14.75, -17.39)).toBeNull() // Pikine
    expect(nearestCommune(14.69, -17.55)).toBeNull() // the Atlantic, off Fann
    expect(nearestCommune(14.6928, -14.4524)).toBeNull() // the centre of Senegal
    expect(nearestCommune(Number.NaN, -17.44)).toBeNull()
  })
})
