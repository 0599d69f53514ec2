import { tokenForWorker, useCitizenDeviceStore } from '../lib/citizen-device'
import { flushFromPage, takeInSentReport } from '../lib/outbox/flush-from-page'
import { announceOutboxChange, OUTBOX_SENT_MESSAGE } from '../lib/outbox/outbox-events'
import { mirrorToken, queuedReports, takeSent } from '../lib/outbox/outbox-store'
import { registerServiceWorker } from './register-service-worker'

/** While the page stays open and reports wait, the queue is tried again this often. */
const RETRY_EVERY_MS = 60_000

/** Reports the service worker sent while no page was open: the page takes them in. */
async function takeInWorkerSent() {
  const sent = await takeSent()
  for (const item of sent) await takeInSentReport(item)
  if (sent.length > 0) announceOutboxChange()
}

/**
 * Everything that makes the site work with a bad network, started once the page has loaded:
 * the service worker, the device's token mirrored for it, and the queued reports sent when the
 * connection returns (Background Sync where the browser has it, otherwise here: at page open,
 * on `online`, and every minute while some wait).
 */
export function startOfflineSupport() {
  void registerServiceWorker()
  void mirrorToken(tokenForWorker(useCitizenDeviceStore.getState()))
  useCitizenDeviceStore.subscribe((state, previous) => {
    if (tokenForWorker(state) !== tokenForWorker(previous)) void mirrorToken(tokenForWorker(state))
  })
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SENT_MESSAGE) void takeInWorkerSent()
  })
  void takeInWorkerSent().then(() => flushFromPage())
  window.addEventListener('online', () => void flushFromPage())
  window.setInterval(() => {
    if (!navigator.onLine) return
    void queuedReports().then((waiting) => {
      if (waiting.some((report) => report.state === 'waiting')) void flushFromPage()
    })
  }, RETRY_EVERY_MS)
}
