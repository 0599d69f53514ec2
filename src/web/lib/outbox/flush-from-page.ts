import { i18next } from '../../i18n'
import { useCitizenDeviceStore } from '../citizen-device'
import { toast } from '../toast'
import { flushOutbox } from './flush-outbox'
import { announceOutboxChange } from './outbox-events'
import type { SentReport } from './outbox-store'
import '../../i18n/deferred/fr'

export function thankForSentReport(sent: SentReport) {
  toast.success(i18next.t('deferred:offline.sent'), {
    description: i18next.t('deferred:offline.sentCode', { code: sent.report.anonymous_code }),
  })
}

let flushing: Promise<unknown> | null = null

/** Sends the queue from the page (a browser without Background Sync, or the page is open). */
export function flushFromPage(): Promise<unknown> {
  flushing ??= flushOutbox({
    token: () => useCitizenDeviceStore.getState().citizenToken,
    setToken: (token) => {
      if (token) useCitizenDeviceStore.getState().setCitizenToken(token)
      else useCitizenDeviceStore.getState().forgetCitizenToken()
    },
    onSent: (sent) => {
      thankForSentReport(sent)
      announceOutboxChange()
    },
  })
    .then((result) => {
      if (result && result.refused > 0) announceOutboxChange()
    })
    .catch((error: unknown) => console.warn('envoi des signalements en attente impossible', error))
    .finally(() => {
      flushing = null
    })
  return flushing
}
