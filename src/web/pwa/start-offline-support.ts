import { apiRequest } from '../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../lib/citizen-device'
import { flushFromPage, thankForSentReport } from '../lib/outbox/flush-from-page'
import { announceOutboxChange, OUTBOX_SENT_MESSAGE } from '../lib/outbox/outbox-events'
import { mirrorToken, queuedReports, takeSent } from '../lib/outbox/outbox-store'
import { registerServiceWorker } from './register-service-worker'

/** While the page stays open and reports wait, the queue is tried again this often. */
const RETRY_EVERY_MS = 60_000

/**
 * Reports the service worker sent while no page was open: the page takes their token (or, when
 * it already had another one, follows them by code so that they show under "Mes signalements").
 */
async function takeInWorkerSent() {
  const sent = await takeSent()
  for (const item of sent) {
    const { citizenToken, setCitizenToken } = useCitizenDeviceStore.getState()
    if (!citizenToken) setCitizenToken(item.report.citizenToken)
    else if (citizenToken !== item.report.citizenToken) {
      await apiRequest('/api/citizen/follows', {
        method: 'POST',
        headers: citizenHeaders(citizenToken),
        json: { code: item.report.anonymous_code },
      }).catch((error: unknown) => console.warn('suivi du signalement envoyé impossible', error))
    }
    thankForSentReport(item)
  }
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
  void mirrorToken(useCitizenDeviceStore.getState().citizenToken)
  useCitizenDeviceStore.subscribe((state, previous) => {
    if (state.citizenToken !== previous.citizenToken) void mirrorToken(state.citizenToken)
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
