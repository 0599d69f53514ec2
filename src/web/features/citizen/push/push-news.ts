import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language } from '../../../../domain/constants'
import type { PushKey } from '../../../../domain/push'
import { ApiError, apiRequest } from '../../../lib/api-client'
import { citizenHeaders, useCitizenDeviceStore } from '../../../lib/citizen-device'

/**
 * Whether this phone gets its reports' news as notifications: `checking` until the browser has
 * said (and on the server), `unsupported` by this browser, `blocked` in its settings.
 */
export type PushNewsState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on'

/** The browser's push machinery, or null where it has none (an old browser, Safari outside the home screen). */
function pushSupport() {
  if (typeof window === 'undefined') return null
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return null
  return { serviceWorker: navigator.serviceWorker, notification: window.Notification }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await pushSupport()?.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

async function saveSubscription(token: string | null, subscription: PushSubscription, language: Language) {
  await apiRequest<null>('/api/citizen/push', {
    method: 'POST',
    headers: citizenHeaders(token),
    json: { ...subscription.toJSON(), language },
  })
  useCitizenDeviceStore.getState().setPushLanguage(language)
}

/**
 * "Recevoir les nouvelles sur ce téléphone": the permission is asked only when the person taps,
 * the browser's subscription is given to the server with this device's token and language (sent
 * again when the language changes, so that notifications follow it).
 */
export function usePushNews() {
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  const pushLanguage = useCitizenDeviceStore((state) => state.pushLanguage)
  const { i18n } = useTranslation()
  // The server writes in the site's languages only; anything else reads in French.
  const language: Language = LANGUAGES.find((known) => known === i18n.language) ?? 'fr'
  const [state, setState] = useState<PushNewsState>('checking')
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const support = pushSupport()
    if (!support) {
      setState('unsupported')
      return
    }
    if (support.notification.permission === 'denied') {
      setState('blocked')
      return
    }
    let current = true
    currentSubscription()
      .then((subscription) => {
        if (current) setState(subscription && support.notification.permission === 'granted' ? 'on' : 'off')
      })
      .catch(() => current && setState('off'))
    return () => {
      current = false
    }
  }, [])

  // The language changed since the server was told: the news now come in the new one.
  useEffect(() => {
    if (state !== 'on' || !token || pushLanguage === language) return
    void currentSubscription()
      .then((subscription) => subscription && saveSubscription(token, subscription, language))
      .catch(() => undefined)
  }, [state, token, language, pushLanguage])

  const turnOn = useCallback(async () => {
    const support = pushSupport()
    if (!support || !token) return
    setBusy(true)
    setFailed(false)
    try {
      const permission = await support.notification.requestPermission()
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'blocked' : 'off')
        return
      }
      const { publicKey } = await apiRequest<PushKey>('/api/push/key')
      const registration = await support.serviceWorker.ready
      const subscribe = () =>
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey })
      const subscription = (await registration.pushManager.getSubscription()) ?? (await subscribe())
      try {
        await saveSubscription(token, subscription, language)
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error
        // This browser's subscription was given under another token (one this phone forgot): an
        // endpoint stays with its first device, so this device takes a new one of its own.
        await subscription.unsubscribe()
        await saveSubscription(token, await subscribe(), language)
      }
      setState('on')
    } catch (error) {
      console.warn('notifications non activées', error)
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }, [token, language])

  const turnOff = useCallback(async () => {
    setBusy(true)
    setFailed(false)
    try {
      const subscription = await currentSubscription()
      if (subscription) {
        await apiRequest<null>('/api/citizen/push', {
          method: 'DELETE',
          headers: citizenHeaders(token),
          json: { endpoint: subscription.endpoint },
        })
        await subscription.unsubscribe()
      }
      useCitizenDeviceStore.getState().setPushLanguage(null)
      setState('off')
    } catch (error) {
      console.warn('notifications non désactivées', error)
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }, [token])

  return { state, failed, busy, hasDevice: token !== null, turnOn, turnOff }
}
