import { i18next } from '../../i18n'
import { apiRequest } from '../api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../citizen-device'
import { tokenToSend } from '../device-token'
import { toast } from '../toast'
import { flushOutbox } from './flush-outbox'
import { announceOutboxChange } from './outbox-events'
import type { SentReport } from './outbox-store'
import '../../i18n/deferred/fr'

function thankForSentReport(sent: SentReport) {
  toast.success(i18next.t('deferred:offline.sent'), {
    description: i18next.t('deferred:offline.sentCode', { code: sent.report.anonymous_code }),
  })
}

/**
 * A queued report the server took, by this page or by the service worker: the device takes the
 * token it went under, or, when it has since taken another one, follows it by code so that it
 * shows under "Mes signalements" all the same.
 */
export async function takeInSentReport(sent: SentReport): Promise<void> {
  const { citizenToken, setCitizenToken } = useCitizenDeviceStore.getState()
  if (!citizenToken) setCitizenToken(sent.report.citizenToken)
  else if (citizenToken !== sent.report.citizenToken) {
    await apiRequest('/api/citizen/follows', {
      method: 'POST',
      headers: citizenHeaders(citizenToken),
      json: { code: sent.report.anonymous_code },
    }).catch((error: unknown) => console.warn('suivi du signalement envoyé impossible', error))
  }
  thankForSentReport(sent)
}

let flushing: Promise<unknown> | null = null

/** Sends the queue from the page (a browser without Background Sync, or the page is open). */
export function flushFromPage(): Promise<unknown> {
  flushing ??= flushOutbox({
    token: tokenToSend,
    forgetToken: () => useCitizenDeviceStore.getState().forgetCitizenToken(),
    onSent: async (sent) => {
      await takeInSentReport(sent)
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
