import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Language, PUSH_SUBSCRIBE_TIMEOUT_MS } from '../../../../domain/constants'
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

/**
 * What went wrong the last time the button was tapped: `failed` (refused, or an error), or
 * `timedOut` when the push service (or the server) had not answered after PUSH_SUBSCRIBE_TIMEOUT_MS.
 */
export type PushNewsFailure = 'failed' | 'timedOut'

class PushTimedOut extends Error {}

/**
 * Runs `work` until it ends or `ms` have passed, whichever first: a push service that never
 * answers leaves the browser's promise pending for ever. `stillWanted` tells the work, between
 * its steps, whether anyone still waits for it, so that nothing is saved after giving up. The
 * timer is the page's own `setTimeout`: tests move it with fake timers or Playwright's clock.
 */
function giveUpAfter<T>(ms: number, work: (stillWanted: () => boolean) => Promise<T>): Promise<T> {
  let wanted = true
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      wanted = false
      reject(new PushTimedOut())
    }, ms)
    work(() => wanted).then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
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
  const [failure, setFailure] = useState<PushNewsFailure | null>(null)
  const [busy, setBusy] = useState<'turningOn' | 'turningOff' | null>(null)

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

  /** Runs a tap's work with its progress shown, then its new state, or why it failed. */
  const run = useCallback(
    async (progress: 'turningOn' | 'turningOff', work: () => Promise<PushNewsState>) => {
      setBusy(progress)
      setFailure(null)
      try {
        setState(await work())
      } catch (error) {
        console.warn(
          progress === 'turningOn' ? 'notifications non activées' : 'notifications non désactivées',
          error,
        )
        setFailure(error instanceof PushTimedOut ? 'timedOut' : 'failed')
      } finally {
        setBusy(null)
      }
    },
    [],
  )

  const turnOn = useCallback(async () => {
    const support = pushSupport()
    if (!support || !token) return
    await run('turningOn', async () => {
      // The person answers the browser's question in their own time: no limit on that.
      const permission = await support.notification.requestPermission()
      if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off'
      return giveUpAfter(PUSH_SUBSCRIBE_TIMEOUT_MS, async (wanted) => {
        // Given up meanwhile: the rest is not done (the next tap starts again).
        const step = <T>(value: T) => {
          if (!wanted()) throw new PushTimedOut()
          return value
        }
        const { publicKey } = step(await apiRequest<PushKey>('/api/push/key'))
        const registration = step(await support.serviceWorker.ready)
        const subscribe = () =>
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey })
        const subscription = step((await registration.pushManager.getSubscription()) ?? (await subscribe()))
        try {
          await saveSubscription(token, subscription, language)
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) throw error
          // This browser's subscription was given under another token (one this phone forgot): an
          // endpoint stays with its first device, so this device takes a new one of its own.
          await subscription.unsubscribe()
          await saveSubscription(token, step(await subscribe()), language)
        }
        return 'on' as const
      })
    })
  }, [token, language, run])

  const turnOff = useCallback(async () => {
    await run('turningOff', () =>
      giveUpAfter(PUSH_SUBSCRIBE_TIMEOUT_MS, async (wanted) => {
        const subscription = await currentSubscription()
        if (!wanted()) throw new PushTimedOut()
        if (subscription) {
          await apiRequest<null>('/api/citizen/push', {
            method: 'DELETE',
            headers: citizenHeaders(token),
            json: { endpoint: subscription.endpoint },
          })
          await subscription.unsubscribe()
        }
        useCitizenDeviceStore.getState().setPushLanguage(null)
        return 'off' as const
      }),
    )
  }, [token, run])

  return { state, failure, busy, hasDevice: token !== null, turnOn, turnOff }
}
