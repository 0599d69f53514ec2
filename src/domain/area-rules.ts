/** The communes as areas (issue 30), without zod (the rules half of area.ts). */
import { COMMUNES } from './communes'

/** The areas are the communes of communes.ts, their ids their positions from 1 (migration 0017_areas). */
export const AREA_COUNT = COMMUNES.length

/**
 * How often the "Zones" screen asks again while the reports' communes are recounted after an
 * import: a recount of a million reports takes about a minute (issue 30).
 */
export const AREA_RECOUNT_POLL_MS = 3000

export const AREA_MESSAGES = {
  unknownArea: 'Cette commune n’existe pas : choisissez-la dans la liste.',
  wholeDepartment: 'Tout le département de Dakar',
  outsideDepartment: 'Hors du département',
} as const

/** What an organisation's zone reads as: its communes' names, or the whole department. */
export function zoneLabel(areas: readonly { name: string }[]): string {
  return areas.length === 0 ? AREA_MESSAGES.wholeDepartment : areas.map((area) => area.name).join(', ')
}
