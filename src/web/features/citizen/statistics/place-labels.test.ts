import { describe, expect, it } from 'vitest'
import { linesOf, placeLabels } from './place-labels'

describe(placeLabels.name, () => {
  it('breaks a long name after a hyphen or at a space, into two near equal lines', () => {
    expect(linesOf('Médina')).toEqual(['Médina'])
    expect(linesOf('Gueule Tapée-Fass-Colobane')).toEqual(['Gueule Tapée-', 'Fass-Colobane'])
    expect(linesOf('Parcelles Assainies')).toEqual(['Parcelles', 'Assainies'])
  })

  it('names crowded points without one name over another, all inside the drawing', () => {
    // Five points 20 units apart: a name to the right of each would cover its neighbour's.
    const points = ['Grand Dakar', 'Biscuiterie', 'HLM', 'Hann Bel-Air', 'Dieuppeul-Derklé'].map(
      (name, i) => ({ name, x: 100 + 20 * (i % 2), y: 60 + 20 * i }),
    )
    const labels = placeLabels(points, { width: 300, height: 200, fontSize: 12 })
    expect(labels.map((label) => label.name)).toEqual(points.map((point) => point.name))
    for (const [i, a] of labels.entries()) {
      expect(a.box.left).toBeGreaterThanOrEqual(0)
      expect(a.box.right).toBeLessThanOrEqual(300)
      expect(a.box.top).toBeGreaterThanOrEqual(0)
      expect(a.box.bottom).toBeLessThanOrEqual(200)
      for (const b of labels.slice(i + 1)) {
        const apart =
          a.box.right <= b.box.left ||
          b.box.right <= a.box.left ||
          a.box.bottom <= b.box.top ||
          b.box.bottom <= a.box.top
        expect(apart, `${a.name} / ${b.name}`).toBe(true)
      }
    }
  })

  it('keeps a name near the edge inside the drawing, on the other side of its point', () => {
    const [label] = placeLabels([{ name: 'Gorée', x: 295, y: 100 }], {
      width: 300,
      height: 200,
      fontSize: 12,
    })
    expect(label?.anchor).toBe('end')
    expect(label?.box.right).toBeLessThanOrEqual(300)
  })
})
