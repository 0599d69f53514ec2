import { announceOutboxChange, OUTBOX_SYNC_TAG } from '../../../lib/outbox/outbox-events'
import { putQueuedReport, type QueuedReport } from '../../../lib/outbox/outbox-store'

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
}

/**
 * Keeps a report made without a connection on the phone, and asks the browser to wake the
 * service worker when the connection returns (Background Sync, where the browser has it; the
 * page itself sends it otherwise, at the next `online` or page open).
 */
export async function queueReport(report: QueuedReport): Promise<void> {
  await putQueuedReport(report)
  announceOutboxChange()
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined
    await registration?.sync?.register(OUTBOX_SYNC_TAG)
  } catch (error) {
    console.warn('Background Sync indisponible', error)
  }
}
