/**
 * The 19 communes d'arrondissement of the department of Dakar (its four arrondissements:
 * Dakar-Plateau, Grand Dakar, Almadies, Parcelles Assainies), each as a circle: a centre on land
 * and a radius that stays on land and mostly inside the commune. Circles are rough on purpose:
 * they name a place, they draw no border. Pure data and pure functions, no I/O.
 */
import { distanceInMetres } from './location'

export interface Commune {
  /** Its usual name, as people of Dakar write it. */
  name: string
  /** The arrondissement it belongs to. */
  arrondissement: 'Dakar-Plateau' | 'Grand Dakar' | 'Almadies' | 'Parcelles Assainies'
  latitude: number
  longitude: number
  /** Metres around the centre that are this commune's (and land). */
  radiusM: number
}

export const COMMUNES: readonly Commune[] = [
  {
    name: 'Dakar-Plateau',
    arrondissement: 'Dakar-Plateau',
    latitude: 14.668,
    longitude: -17.435,
    radiusM: 700,
  },
  { name: 'Gorée', arrondissement: 'Dakar-Plateau', latitude: 14.6672, longitude: -17.3985, radiusM: 150 },
  { name: 'Médina', arrondissement: 'Dakar-Plateau', latitude: 14.679, longitude: -17.4485, radiusM: 650 },
  {
    name: 'Gueule Tapée-Fass-Colobane',
    arrondissement: 'Dakar-Plateau',
    latitude: 14.687,
    longitude: -17.453,
    radiusM: 550,
  },
  {
    name: 'Fann-Point E-Amitié',
    arrondissement: 'Dakar-Plateau',
    latitude: 14.6945,
    longitude: -17.4625,
    radiusM: 750,
  },
  { name: 'Grand Dakar', arrondissement: 'Grand Dakar', latitude: 14.706, longitude: -17.4525, radiusM: 450 },
  { name: 'Biscuiterie', arrondissement: 'Grand Dakar', latitude: 14.707, longitude: -17.441, radiusM: 450 },
  { name: 'HLM', arrondissement: 'Grand Dakar', latitude: 14.7115, longitude: -17.447, radiusM: 400 },
  { name: 'Hann Bel-Air', arrondissement: 'Grand Dakar', latitude: 14.715, longitude: -17.433, radiusM: 600 },
  {
    name: 'Sicap-Liberté',
    arrondissement: 'Grand Dakar',
    latitude: 14.7175,
    longitude: -17.4605,
    radiusM: 600,
  },
  {
    name: 'Dieuppeul-Derklé',
    arrondissement: 'Grand Dakar',
    latitude: 14.722,
    longitude: -17.452,
    radiusM: 450,
  },
  {
    name: 'Mermoz-Sacré-Cœur',
    arrondissement: 'Almadies',
    latitude: 14.712,
    longitude: -17.4735,
    radiusM: 800,
  },
  { name: 'Ouakam', arrondissement: 'Almadies', latitude: 14.7235, longitude: -17.4865, radiusM: 800 },
  { name: 'Ngor', arrondissement: 'Almadies', latitude: 14.745, longitude: -17.511, radiusM: 600 },
  { name: 'Yoff', arrondissement: 'Almadies', latitude: 14.753, longitude: -17.472, radiusM: 800 },
  {
    name: 'Grand Yoff',
    arrondissement: 'Parcelles Assainies',
    latitude: 14.737,
    longitude: -17.456,
    radiusM: 800,
  },
  {
    name: 'Patte d’Oie',
    arrondissement: 'Parcelles Assainies',
    latitude: 14.747,
    longitude: -17.44,
    radiusM: 600,
  },
  {
    name: 'Parcelles Assainies',
    arrondissement: 'Parcelles Assainies',
    latitude: 14.762,
    longitude: -17.444,
    radiusM: 1000,
  },
  {
    name: 'Cambérène',
    arrondissement: 'Parcelles Assainies',
    latitude: 14.767,
    longitude: -17.427,
    radiusM: 600,
  },
]

/**
 * How far beyond a commune's circle a point is still named after it: the circles stay inside
 * their communes, so the streets between two circles belong to one of them. Well short of the
 * nearest town outside the department (Guédiawaye, 2.8 km past Cambérène's circle).
 */
export const PLACE_NAMING_MARGIN_M = 1500

/**
 * The commune of the department of Dakar a point lies in, to name a report's place when it has
 * no address: the commune whose centre is nearest, when the point is within that commune's
 * radius (plus `marginM`); null otherwise (outside the department, at sea, or in a corner the
 * circles miss), and the place is then told otherwise (coordinates, reverse geocoding).
 *
 *   nearestCommune(14.6795, -17.4470)?.name // 'Médina'
 *   nearestCommune(14.7500, -17.3900)       // null (Pikine, another department)
 */
export function nearestCommune(latitude: number, longitude: number, marginM = 0): Commune | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  const point = { latitude, longitude }
  let nearest: Commune | null = null
  let nearestDistance = Number.POSITIVE_INFINITY
  for (const commune of COMMUNES) {
    const distance = distanceInMetres(point, commune)
    if (distance < nearestDistance) {
      nearest = commune
      nearestDistance = distance
    }
  }
  return nearest && nearestDistance <= nearest.radiusM + marginM ? nearest : null
}

/** The name a place is given by its commune of Dakar (within the naming margin), or null outside them. */
export function communeNameAt(latitude: number, longitude: number): string | null {
  return nearestCommune(latitude, longitude, PLACE_NAMING_MARGIN_M)?.name ?? null
}

/** The radius of the circle drawn for a point that is only its commune's centre (a report by SMS). */
export function communeCircleRadiusAt(latitude: number, longitude: number): number {
  return nearestCommune(latitude, longitude, PLACE_NAMING_MARGIN_M)?.radiusM ?? PLACE_NAMING_MARGIN_M
}
