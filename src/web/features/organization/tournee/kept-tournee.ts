import { get, set } from 'idb-keyval'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { keptLists } from '../../../pwa/kept-lists'

/** "Ma tournée" as the agent last saw it with a connection, to work from without one. */
export interface KeptTournee {
  items: OrganizationReport[]
  savedAt: string
}

export function keepTournee(memberId: string, items: OrganizationReport[], now = new Date()): Promise<void> {
  return set(memberId, { items, savedAt: now.toISOString() } satisfies KeptTournee, keptLists())
}

export function keptTournee(memberId: string): Promise<KeptTournee | undefined> {
  return get<KeptTournee>(memberId, keptLists())
}
