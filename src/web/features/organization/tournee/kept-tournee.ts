import { createStore, get, set, type UseStore } from 'idb-keyval'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { KEPT_LISTS_DATABASE } from '../../../pwa/kept-pages'

/** "Ma tournée" as the agent last saw it with a connection, to work from without one. */
export interface KeptTournee {
  items: OrganizationReport[]
  savedAt: string
}

let store: UseStore | undefined
const lists = () => (store ??= createStore(KEPT_LISTS_DATABASE, 'lists'))

export function keepTournee(memberId: string, items: OrganizationReport[], now = new Date()): Promise<void> {
  return set(memberId, { items, savedAt: now.toISOString() } satisfies KeptTournee, lists())
}

export function keptTournee(memberId: string): Promise<KeptTournee | undefined> {
  return get<KeptTournee>(memberId, lists())
}
