/**
 * What a new zone sets, as a new name does (names.ts): an approved organisation's waits for an
 * administrator, since its communes decide what it is offered and may claim, and so close (issue
 * 47); any other's is its zone at once; its own zone again withdraws a request.
 */
export function rezoning(
  current: { status: string; areaIds: number[] },
  areaIds: number[],
): { zone?: number[]; pending: number[] | null } {
  if (sameAreas(areaIds, current.areaIds)) return { pending: null }
  if (current.status === 'approved') return { pending: areaIds }
  return { zone: areaIds, pending: null }
}

function sameAreas(a: number[], b: number[]): boolean {
  const known = new Set(b)
  return a.length === b.length && a.every((id) => known.has(id))
}
