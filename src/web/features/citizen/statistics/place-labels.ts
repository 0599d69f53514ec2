// Where the names of the communes go on the statistics map, decided on the server (no font to
// measure there: a text's width is estimated from its length, generously).

export interface LabelPoint {
  name: string
  /** The point named, in the drawing's units. */
  x: number
  y: number
}

export interface PlacedLabel {
  name: string
  /** The name on one or two lines (a long name breaks after a hyphen or at a space). */
  lines: string[]
  /** Where the text starts (the first line's baseline), and how it is anchored there. */
  x: number
  y: number
  anchor: 'start' | 'middle' | 'end'
  /** The box the text takes, to keep the names apart. */
  box: Box
}

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** Names longer than this break on two lines. */
const LONGEST_LINE = 13
/**
 * A letter of a semi-bold sans-serif is at most about 0.65 of its size on average (DejaVu Sans,
 * the widest of the usual ones); a line takes 1.2 of it, its baseline 0.95 below its top.
 */
const LETTER_WIDTH = 0.65
export const LINE_HEIGHT = 1.2
const ASCENT = 0.95
/** Between two names. */
const SPACING = 1
/** Between the point and its name. */
const GAP = 4
/** The dot drawn at each point, which no name covers. */
const DOT = 3

/** A long name on two lines of near equal length, broken after a hyphen or at a space. */
export function linesOf(name: string): string[] {
  if (name.length <= LONGEST_LINE) return [name]
  let best: string[] = [name]
  let longest = name.length
  for (let i = 1; i < name.length - 1; i++) {
    const breakAfter = name[i] === '-' ? i + 1 : name[i] === ' ' ? i : -1
    if (breakAfter < 0) continue
    const lines = [name.slice(0, breakAfter).trimEnd(), name.slice(breakAfter).trimStart()]
    const length = Math.max(lines[0]?.length ?? 0, lines[1]?.length ?? 0)
    if (length < longest) {
      best = lines
      longest = length
    }
  }
  return best
}

const overlapOf = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))

/** Rounds of moving a name that covers another to its best place, the others staying. */
const REPAIR_ROUNDS = 10

/**
 * Each point's name beside it: to the right, left, above or below, or on a diagonal, the first
 * place that covers no other name, no point and stays in the drawing (else the place that covers
 * least). The most crowded points are named first; then a name that still covers another moves
 * to its best place given all the others, for a few rounds.
 */
export function placeLabels(
  points: readonly LabelPoint[],
  drawing: { width: number; height: number; fontSize: number },
): PlacedLabel[] {
  const { width, height, fontSize } = drawing
  const dots: Box[] = points.map(({ x, y }) => ({
    left: x - DOT,
    top: y - DOT,
    right: x + DOT,
    bottom: y + DOT,
  }))
  const labels = points.map((point) => {
    const lines = linesOf(point.name)
    return {
      point,
      lines,
      w: Math.max(...lines.map((line) => line.length)) * LETTER_WIDTH * fontSize,
      h: lines.length * LINE_HEIGHT * fontSize,
    }
  })
  const places = new Map<LabelPoint, { box: Box; anchor: PlacedLabel['anchor'] }>()

  const costOf = (box: Box, point: LabelPoint, h: number) => {
    const outside =
      Math.max(0, -box.left) +
      Math.max(0, box.right - width) +
      Math.max(0, -box.top) +
      Math.max(0, box.bottom - height)
    let cost = outside * h
    const padded = {
      left: box.left - SPACING,
      top: box.top - SPACING,
      right: box.right + SPACING,
      bottom: box.bottom + SPACING,
    }
    for (const [other, place] of places) if (other !== point) cost += overlapOf(padded, place.box)
    for (const dot of dots) cost += overlapOf(box, dot)
    return cost
  }
  const bestPlace = ({ point, w, h }: (typeof labels)[number]) => {
    const { x, y } = point
    const side = GAP + DOT
    // The box's left and top for each place, with the anchor the text takes there.
    const candidates: { left: number; top: number; anchor: PlacedLabel['anchor'] }[] = [
      { left: x + side, top: y - h / 2, anchor: 'start' },
      { left: x - side - w, top: y - h / 2, anchor: 'end' },
      { left: x - w / 2, top: y - side - h, anchor: 'middle' },
      { left: x - w / 2, top: y + side, anchor: 'middle' },
      { left: x + GAP, top: y - GAP - h, anchor: 'start' },
      { left: x + GAP, top: y + GAP, anchor: 'start' },
      { left: x - GAP - w, top: y - GAP - h, anchor: 'end' },
      { left: x - GAP - w, top: y + GAP, anchor: 'end' },
      { left: x + side, top: y - h + DOT, anchor: 'start' },
      { left: x + side, top: y - DOT, anchor: 'start' },
      { left: x - side - w, top: y - h + DOT, anchor: 'end' },
      { left: x - side - w, top: y - DOT, anchor: 'end' },
    ]
    let best = { box: { left: 0, top: 0, right: 0, bottom: 0 }, anchor: 'start' as const, cost: Infinity }
    for (const { left, top, anchor } of candidates) {
      const box = { left, top, right: left + w, bottom: top + h }
      const cost = costOf(box, point, h)
      if (cost < best.cost) best = { box, anchor, cost } as typeof best
      if (cost === 0) break
    }
    return best
  }

  // The most crowded points first, while the most places are free around them.
  const reach = 6 * fontSize
  const crowding = (point: LabelPoint) =>
    points.filter((other) => Math.hypot(other.x - point.x, other.y - point.y) < reach).length
  const byCrowding = [...labels].sort((a, b) => crowding(b.point) - crowding(a.point))
  for (const label of byCrowding) places.set(label.point, bestPlace(label))
  for (let round = 0; round < REPAIR_ROUNDS; round++) {
    let moved = false
    for (const label of byCrowding) {
      const place = places.get(label.point)
      if (!place || costOf(place.box, label.point, label.h) === 0) continue
      const better = bestPlace(label)
      if (better.cost < costOf(place.box, label.point, label.h)) {
        places.set(label.point, better)
        moved = true
      }
    }
    if (!moved) break
  }

  return labels.map(({ point, lines }) => {
    const { box, anchor } = places.get(point) ?? bestPlace({ point, lines, w: 0, h: 0 })
    return {
      name: point.name,
      lines,
      x: anchor === 'start' ? box.left : anchor === 'end' ? box.right : (box.left + box.right) / 2,
      y: box.top + ASCENT * fontSize,
      anchor,
      box,
    }
  })
}
