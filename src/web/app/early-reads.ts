import type { UserType } from '../../domain/auth'
import { STORE_NAMES } from '../../domain/constants'
import { adminReportsPath } from '../features/admin/api/get-admin-reports'
import { ADMIN_STATS_PATH } from '../features/admin/api/get-admin-stats'
import { availableReportsPath } from '../features/organization/api/get-available-reports'
import { managedReportsPath } from '../features/organization/api/get-managed-reports'
import { ORGANIZATION_PROFILE_PATH } from '../features/organization/api/get-profile'
import { ORGANIZATION_STATS_PATH } from '../features/organization/api/get-stats'
import { EARLY_READS_GLOBAL, type EarlyRead } from '../lib/early-read'

/** What a signed-in page asks for first, and who must be signed in for it to ask. */
interface PageReads {
  userType: UserType
  /** API paths with their query, exactly as the page's screens ask for them when it opens. */
  paths: string[]
}

const organizationDashboard: PageReads = {
  userType: 'organization',
  paths: [ORGANIZATION_PROFILE_PATH, ORGANIZATION_STATS_PATH],
}
const adminDashboard: PageReads = {
  userType: 'admin',
  paths: [ADMIN_STATS_PATH, adminReportsPath({}, 1)],
}

/**
 * The signed-in pages that ask for their data while their code downloads (their HTML cannot
 * carry it: the session is in the browser's storage, not in a cookie the server would see).
 * early-reads.test.tsx checks that each page's screens ask for exactly these.
 */
export const EARLY_READS: Readonly<Record<string, PageReads>> = {
  '/organization': organizationDashboard,
  '/organization/dashboard': organizationDashboard,
  '/organization/available-reports': { userType: 'organization', paths: [availableReportsPath('', 1)] },
  '/organization/managed-reports': {
    userType: 'organization',
    paths: [managedReportsPath({ q: '', status: 'all', page: 1 }), ORGANIZATION_STATS_PATH],
  },
  '/admin': adminDashboard,
  '/admin/dashboard': adminDashboard,
  '/admin/reports': { userType: 'admin', paths: [adminReportsPath({}, 1)] },
}

/**
 * Starts this page's reads with the stored session, if it is of the right kind and not expired.
 * Self-contained: the server writes it into every page as an inline script.
 */
function startEarlyReads(reads: typeof EARLY_READS, storeName: string, globalName: string) {
  try {
    const page = reads[location.pathname]
    if (!page || location.search) return
    const session = JSON.parse(localStorage.getItem(storeName) ?? 'null')?.state
    if (session?.userType !== page.userType || !session.token || !(session.sessionExpiry > Date.now())) return
    const authorization = `Bearer ${session.token}`
    const started: EarlyRead[] = page.paths.map((path) => {
      const read: EarlyRead = {
        path,
        authorization,
        response: fetch(path, { headers: { accept: 'application/json', authorization } }),
      }
      // Read here, on a copy, before the app may take the answer itself; nobody may come for it
      // (the session changed): its failure is nobody's error.
      read.response
        .then((response) => (response.ok ? response.clone().json() : undefined))
        .then(
          (body) => {
            read.body = body
          },
          () => undefined,
        )
      return read
    })
    Object.assign(window, { [globalName]: started })
  } catch {
    // unreadable storage: the screens ask themselves
  }
}

/** The inline script the server writes into the head of every page. */
export function earlyReadsScript(): string {
  return `(${startEarlyReads.toString()})(${JSON.stringify(EARLY_READS)},${JSON.stringify(STORE_NAMES.auth)},${JSON.stringify(EARLY_READS_GLOBAL)})`
}
