import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '../../../../domain/constants'
import { apiRequest } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'
import { currentPushSubscription, usePushSwitch } from '../../../lib/push-switch'

async function saveSubscription(token: string | null, subscription: PushSubscription, language: Language) {
  await apiRequest<null>('/api/citizen/push', {
    method: 'POST',
    headers: citizenHeaders(token),
    json: { ...subscription.toJSON(), language },
  })
  useCitizenDeviceStore.getState().setPushLanguage(language)
}

/**
 * "Recevoir les nouvelles sur ce téléphone": the browser's subscription is given to the server
 * with this device's token and language (sent again when the language changes, so that
 * notifications follow it).
 */
export function usePushNews() {
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  const pushLanguage = useCitizenDeviceStore((state) => state.pushLanguage)
  const { i18n } = useTranslation()
  // The server writes in the site's languages only; anything else reads in French.
  const language: Language = LANGUAGES.find((known) => known === i18n.language) ?? 'fr'
  const push = usePushSwitch({
    ready: token !== null,
    save: (subscription) => saveSubscription(token, subscription, language),
    remove: (endpoint) =>
      apiRequest<null>('/api/citizen/push', {
        method: 'DELETE',
        headers: citizenHeaders(token),
        json: { endpoint },
      }),
    onTurnedOff: () => useCitizenDeviceStore.getState().setPushLanguage(null),
  })

  // The language changed since the server was told: the news now come in the new one.
  useEffect(() => {
    if (push.state !== 'on' || !token || pushLanguage === language) return
    void currentPushSubscription()
      .then((subscription) => subscription && saveSubscription(token, subscription, language))
      .catch(() => undefined)
  }, [push.state, token, language, pushLanguage])

  return { ...push, hasDevice: token !== null }
}
