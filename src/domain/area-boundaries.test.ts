import { describe, expect, it } from 'vitest'
import { areaIdNamed, readCommuneBoundaries } from './area-boundaries'
import { foldPlaceName } from './place-names'

const square = (west: number, south: number, side = 0.01) => [
  [west, south],
  [west + side, south],
  [west + side, south + side],
  [west, south + side],
  [west, south],
]
const feature = (name: unknown, geometry: unknown) => ({ type: 'Feature', properties: { name }, geometry })
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features })

describe('the names of the communes', () => {
  it('are read whatever their accents, case, dashes and apostrophes', () => {
    expect(foldPlaceName('Mermoz-Sacré-Cœur')).toBe('mermoz sacre coeur')
    expect(areaIdNamed('MEDINA')).toBe(3)
    expect(areaIdNamed('patte d oie')).toBe(17)
    expect(areaIdNamed('Patte d’Oie')).toBe(17)
    expect(areaIdNamed('Gueule Tapée - Fass - Colobane')).toBe(4)
    expect(areaIdNamed('Pikine')).toBeUndefined()
  })
})

describe('readCommuneBoundaries', () => {
  it('takes Polygons and MultiPolygons named after communes, the features of one commune together', () => {
    const read = readCommuneBoundaries(
      collection(
        feature('Médina', { type: 'Polygon', coordinates: [square(-17.45, 14.67)] }),
        feature('medina', { type: 'MultiPolygon', coordinates: [[square(-17.46, 14.67)]] }),
        feature('Yoff', {
          type: 'Polygon',
          coordinates: [square(-17.48, 14.75, 0.02), square(-17.475, 14.755)],
        }),
      ),
    )
    expect(read).toEqual({
      ok: true,
      value: [
        { areaId: 3, polygons: [[square(-17.45, 14.67)], [square(-17.46, 14.67)]] },
        { areaId: 15, polygons: [[square(-17.48, 14.75, 0.02), square(-17.475, 14.755)]] },
      ],
    })
  })

  it.each([
    ['not a FeatureCollection', { type: 'Feature' }, /FeatureCollection/],
    ['no feature', collection(), 'Le fichier ne contient aucune commune.'],
    [
      'a name that is no commune',
      collection(feature('Pikine', { type: 'Polygon', coordinates: [square(-17.39, 14.75)] })),
      'Élément 1 («\u202fPikine\u202f»)\u202f: aucune commune du département de Dakar ne porte ce nom.',
    ],
    [
      'a feature without a name',
      collection(feature(undefined, { type: 'Polygon', coordinates: [square(-17.45, 14.67)] })),
      'Élément 1\u202f: il n’a pas de nom (properties.name).',
    ],
    [
      'a point instead of a polygon',
      collection(
        feature('Médina', { type: 'Polygon', coordinates: [square(-17.45, 14.67)] }),
        feature('Ngor', { type: 'Point', coordinates: [-17.51, 14.745] }),
      ),
      'Élément 2 («\u202fNgor\u202f»)\u202f: sa géométrie doit être un Polygon ou un MultiPolygon.',
    ],
    [
      'a ring of fewer than 4 points',
      collection(
        feature('Ngor', {
          type: 'Polygon',
          coordinates: [
            [
              [-17.51, 14.74],
              [-17.5, 14.74],
              [-17.51, 14.74],
            ],
          ],
        }),
      ),
      'Élément 1 («\u202fNgor\u202f»)\u202f: un de ses anneaux a moins de 4 points.',
    ],
    [
      'an unclosed ring (its last point is not its first)',
      collection(
        feature('Ngor', {
          type: 'Polygon',
          coordinates: [[...square(-17.51, 14.74).slice(0, 4), [-17.5, 14.741]]],
        }),
      ),
      'Élément 1 («\u202fNgor\u202f»)\u202f: un de ses anneaux n’est pas fermé (son dernier point doit être le premier).',
    ],
    [
      'coordinates outside Senegal (latitude and longitude swapped)',
      collection(feature('Ngor', { type: 'Polygon', coordinates: [square(14.74, -17.51)] })),
      'Élément 1 («\u202fNgor\u202f»)\u202f: des coordonnées sont hors du Sénégal.',
    ],
    [
      'coordinates that are not numbers',
      collection(feature('Ngor', { type: 'Polygon', coordinates: [[['a', 'b']]] })),
      'Élément 1 («\u202fNgor\u202f»)\u202f: ses coordonnées ne sont pas des paires longitude, latitude.',
    ],
  ])('refuses %s, naming the feature', (_, input, problem) => {
    const read = readCommuneBoundaries(input)
    expect(read.ok).toBe(false)
    if (!read.ok) {
      if (problem instanceof RegExp) expect(read.problem).toMatch(problem)
      else expect(read.problem).toBe(problem)
    }
  })
})
