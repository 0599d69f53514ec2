// Reports made without a connection wait in IndexedDB, with their photo and voice note, until
// they are sent. The page and the service worker both read and write here (idb-keyval: one
// object store per database, so the queue and the device's mirror are two small databases).
import { createStore, del, get, set, type UseStore, update, values } from 'idb-keyval'
import type { CreatedReport } from '../../../domain/report-filing'

/** A file of the report, with the name the server is sent. */
export interface QueuedFile {
  blob: Blob
  name: string
}

export interface QueuedReport {
  /** The report's Idempotency-Key: the server files it once however often it is sent. */
  key: string
  queuedAt: string
  fields: {
    categoryId: number
    /** Shown in "Mes signalements" while it waits. */
    categoryName: string
    description: string
    address: string
    department: string
    latitude: number
    longitude: number
  }
  photo: QueuedFile | null
  audio: QueuedFile | null
  /** The device's token when it was queued (null for a device that never filed). */
  citizenToken: string | null
  /** `refused`: the server said no (invalid data); it will not be sent again by itself. */
  state: 'waiting' | 'refused'
  /** The server's French message for a refused report. */
  error: string | null
  /**
   * The reason of that message, by which the page translates it; absent from the reports a
   * version before reasons refused, which show their French message.
   */
  reason?: string | null
  attempts: number
}

/** A queued report the server accepted, for the page to take in (token, toast, lists). */
export interface SentReport {
  key: string
  categoryName: string
  report: CreatedReport
  sentAt: string
}

// idb-keyval opens a database on first use only, then keeps it.
let queueStore: UseStore | undefined
let deviceStore: UseStore | undefined
const queue = () => (queueStore ??= createStore('alertes-urbaines-outbox', 'reports'))
const device = () => (deviceStore ??= createStore('alertes-urbaines-device', 'keyval'))
const TOKEN_KEY = 'citizen-token'
const SENT_KEY = 'sent-reports'

export async function queuedReports(): Promise<QueuedReport[]> {
  const all = await values<QueuedReport>(queue())
  return all.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt))
}

export function putQueuedReport(report: QueuedReport): Promise<void> {
  return set(report.key, report, queue())
}

export function removeQueuedReport(key: string): Promise<void> {
  return del(key, queue())
}

/** The device's token as the service worker sees it (it cannot read localStorage). */
export function mirroredToken(): Promise<string | null> {
  return get<string | null>(TOKEN_KEY, device()).then((token) => token ?? null)
}

export function mirrorToken(token: string | null): Promise<void> {
  return token ? set(TOKEN_KEY, token, device()) : del(TOKEN_KEY, device())
}

export function recordSent(sent: SentReport): Promise<void> {
  return update<SentReport[]>(SENT_KEY, (current) => [...(current ?? []), sent], device())
}

/** The reports sent since the page last looked, removed as they are read. */
export async function takeSent(): Promise<SentReport[]> {
  let taken: SentReport[] = []
  await update<SentReport[]>(
    SENT_KEY,
    (current) => {
      taken = current ?? []
      return []
    },
    device(),
  )
  return taken
}
