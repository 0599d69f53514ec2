import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  areaIdNamed,
  BOUNDARY_MAX_FEATURES,
  BOUNDARY_MAX_POINTS,
  BOUNDARY_MESSAGES,
  type Position,
  readCommuneBoundaries,
} from './area-boundaries'
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

/** A ring through `points` (closed here), as a Polygon of Ngor. */
const ngor = (points: number[][]) =>
  collection(feature('Ngor', { type: 'Polygon', coordinates: [[...points, points[0]]] }))
const refusal = (input: unknown) => {
  const read = readCommuneBoundaries(input)
  return read.ok ? null : read.problem
}
const selfIntersecting = `Élément 1 («\u202fNgor\u202f»)\u202f: ${BOUNDARY_MESSAGES.selfIntersecting}.`

describe('readCommuneBoundaries, rings that cross themselves', () => {
  it('refuses a bow tie, a ring touching itself at a point, and a side that turns back on the last', () => {
    // Two sides cross in the middle.
    expect(
      refusal(
        ngor([
          [-17.51, 14.74],
          [-17.5, 14.75],
          [-17.5, 14.74],
          [-17.51, 14.75],
        ]),
      ),
    ).toBe(selfIntersecting)
    // A figure of eight pinched at one vertex: two loops that touch.
    expect(
      refusal(
        ngor([
          [-17.51, 14.74],
          [-17.5, 14.74],
          [-17.505, 14.745],
          [-17.5, 14.75],
          [-17.51, 14.75],
          [-17.505, 14.745],
        ]),
      ),
    ).toBe(selfIntersecting)
    // A spike: a side goes back along the one before it.
    expect(
      refusal(
        ngor([
          [-17.51, 14.74],
          [-17.5, 14.74],
          [-17.505, 14.74],
          [-17.505, 14.75],
        ]),
      ),
    ).toBe(selfIntersecting)
  })

  it('takes simple rings: squares, concave outlines, points repeated or in a straight line', () => {
    expect(refusal(ngor(square(-17.51, 14.74).slice(0, 4)))).toBeNull()
    // A U shape: its arms come close but never meet.
    expect(
      refusal(
        ngor([
          [-17.51, 14.74],
          [-17.5, 14.74],
          [-17.5, 14.75],
          [-17.502, 14.75],
          [-17.502, 14.742],
          [-17.508, 14.742],
          [-17.508, 14.75],
          [-17.51, 14.75],
        ]),
      ),
    ).toBeNull()
    // A point written twice in a row, and one in the middle of a straight side.
    expect(
      refusal(
        ngor([
          [-17.51, 14.74],
          [-17.51, 14.74],
          [-17.505, 14.74],
          [-17.5, 14.74],
          [-17.5, 14.75],
          [-17.51, 14.75],
        ]),
      ),
    ).toBeNull()
  })

  it('agrees with a comparison of every pair of sides, on any small ring', () => {
    const coordinate = fc.integer({ min: 0, max: 6 })
    const point = fc.tuple(coordinate, coordinate).map(([x, y]): Position => [-17.5 + x / 64, 14.7 + y / 64])
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 9 }), (points) => {
        const distinct = points.filter((p, i) => i === 0 || !samePoint(p, points[i - 1] as Position))
        fc.pre(distinct.length >= 3 && !samePoint(distinct[0] as Position, distinct.at(-1) as Position))
        const read = readCommuneBoundaries(ngor(points))
        expect(read.ok ? null : read.problem).toBe(crossesItself(distinct) ? selfIntersecting : null)
      }),
      { numRuns: 3000 },
    )
  })

  it('agrees with it on larger rings too: stars of up to 40 corners, one of them moved anywhere', () => {
    const corner = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }))
    const centre = 20
    fc.assert(
      fc.property(
        fc.array(corner, { minLength: 3, maxLength: 40 }),
        fc.nat(),
        fc.option(corner),
        (corners, which, moved) => {
          // Sorted around a centre, the corners make a ring that never crosses itself…
          const star = corners
            .filter(([x, y]) => x !== centre || y !== centre)
            .sort(
              (a, b) => Math.atan2(a[1] - centre, a[0] - centre) - Math.atan2(b[1] - centre, b[0] - centre),
            )
          // …until one of them goes elsewhere.
          if (moved && star.length > 0) star[which % star.length] = moved
          const points = star.map(([x, y]): Position => [-17.5 + x / 256, 14.7 + y / 256])
          const distinct = points.filter((p, i) => i === 0 || !samePoint(p, points[i - 1] as Position))
          while (distinct.length > 1 && samePoint(distinct[0] as Position, distinct.at(-1) as Position))
            distinct.pop()
          fc.pre(distinct.length >= 3)
          expect(refusal(ngor(distinct))).toBe(crossesItself(distinct) ? selfIntersecting : null)
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('readCommuneBoundaries, the size of a file', () => {
  it(`refuses more than ${BOUNDARY_MAX_FEATURES} features, before reading any`, () => {
    const features = Array.from({ length: BOUNDARY_MAX_FEATURES + 1 }, () =>
      feature('Médina', { type: 'Polygon', coordinates: [square(-17.45, 14.67)] }),
    )
    expect(refusal(collection(...features))).toBe(BOUNDARY_MESSAGES.tooManyFeatures)
    expect(BOUNDARY_MESSAGES.tooManyFeatures).toBe(
      'Le fichier compte plus de 100 éléments\u202f: un élément par commune est attendu.',
    )
    expect(refusal(collection(...features.slice(1)))).toBeNull()
  })

  it(`refuses more than ${BOUNDARY_MAX_POINTS.toLocaleString('en')} points in all, however they are split`, () => {
    const circle = (points: number) => {
      const ring = Array.from({ length: points - 1 }, (_, i) => {
        const angle = (2 * Math.PI * i) / (points - 1)
        return [-17.45 + 0.01 * Math.cos(angle), 14.67 + 0.01 * Math.sin(angle)]
      })
      return [...ring, ring[0]]
    }
    const one = (points: number) => feature('Médina', { type: 'Polygon', coordinates: [circle(points)] })
    expect(refusal(collection(one(BOUNDARY_MAX_POINTS + 1)))).toBe(BOUNDARY_MESSAGES.tooManyPoints)
    expect(BOUNDARY_MESSAGES.tooManyPoints).toBe(
      'Le fichier compte plus de 50\u202f000 points\u202f: simplifiez les limites (par exemple avec mapshaper) avant de les importer.',
    )
    const half = BOUNDARY_MAX_POINTS / 2
    expect(refusal(collection(one(half), one(half + 1)))).toBe(BOUNDARY_MESSAGES.tooManyPoints)
    expect(refusal(collection(one(half), one(half)))).toBeNull()
  })
})

function samePoint(a: Position, b: Position) {
  return a[0] === b[0] && a[1] === b[1]
}

/**
 * Whether a ring (its distinct points, not closed) crosses or touches itself, side against side:
 * the slow and plain rule the reader's sweep must agree with.
 */
function crossesItself(points: Position[]): boolean {
  const n = points.length
  const side = (i: number) => [points[i] as Position, points[(i + 1) % n] as Position] as const
  const turn = (a: Position, b: Position, c: Position) =>
    Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))
  const between = (a: Position, b: Position, c: Position) =>
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1])
  const meet = ([a, b]: readonly [Position, Position], [c, d]: readonly [Position, Position]) => {
    const [t1, t2, t3, t4] = [turn(c, d, a), turn(c, d, b), turn(a, b, c), turn(a, b, d)]
    if (t1 * t2 < 0 && t3 * t4 < 0) return true
    return (
      (t1 === 0 && between(c, d, a)) ||
      (t2 === 0 && between(c, d, b)) ||
      (t3 === 0 && between(a, b, c)) ||
      (t4 === 0 && between(a, b, d))
    )
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [a, b] = side(i)
      const [, c] = side(j)
      if (j === i + 1 || (i === 0 && j === n - 1)) {
        // Neighbours share a point: they go wrong only by turning straight back along each other.
        const [p, q, r] = j === i + 1 ? [a, b, c] : [side(j)[0], a, b]
        if (turn(p, q, r) === 0 && (q[0] - p[0]) * (r[0] - q[0]) + (q[1] - p[1]) * (r[1] - q[1]) < 0)
          return true
        continue
      }
      if (meet(side(i), side(j))) return true
    }
  }
  return false
}
