// The switch of a phone's notifications (Web Push), for whoever they are for: the citizen's
// device ("Mes signalements") or an organisation's member (Paramètres). What differs between them
// is only how the server is told.
import { useCallback, useEffect, useRef, useState } from 'react'
import { PUSH_SUBSCRIBE_TIMEOUT_MS } from '../../domain/constants'
import type { PushKey } from '../../domain/push'
import { ApiError, apiRequest } from './api-client'

/**
 * Whether this phone gets notifications: `checking` until the browser has said (and on the
 * server), `unsupported` by this browser, `blocked` in its settings.
 */
export type PushSwitchState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on'

/**
 * What went wrong the last time the button was tapped: `failed` (refused, or an error), or
 * `timedOut` when the push service (or the server) had not answered after PUSH_SUBSCRIBE_TIMEOUT_MS.
 */
export type PushSwitchFailure = 'failed' | 'timedOut'

/** Whom the notifications are for, and how the server is told. */
export interface PushOwner {
  /** False while there is nobody to subscribe for (a device that has filed nothing yet). */
  ready: boolean
  /** Gives the browser's subscription to the server: an ApiError 409 when it is another owner's. */
  save(subscription: PushSubscription): Promise<unknown>
  /** Tells the server to forget the subscription at `endpoint`. */
  remove(endpoint: string): Promise<unknown>
  /** Once the notifications are off on this phone. */
  onTurnedOff?(): void
}

/** The browser's push machinery, or null where it has none (an old browser, Safari outside the home screen). */
function pushSupport() {
  if (typeof window === 'undefined') return null
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return null
  return { serviceWorker: navigator.serviceWorker, notification: window.Notification }
}

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

/** This browser's current subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await pushSupport()?.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * The state of this phone's notifications and the two taps that change it: the permission is
 * asked only when the person taps, then the browser's subscription is given to the server.
 */
export function usePushSwitch(owner: PushOwner) {
  const current = useRef(owner)
  current.current = owner
  const [state, setState] = useState<PushSwitchState>('checking')
  const [failure, setFailure] = useState<PushSwitchFailure | null>(null)
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
    let mounted = true
    currentPushSubscription()
      .then((subscription) => {
        if (mounted) setState(subscription && support.notification.permission === 'granted' ? 'on' : 'off')
      })
      .catch(() => mounted && setState('off'))
    return () => {
      mounted = false
    }
  }, [])

  /** Runs a tap's work with its progress shown, then its new state, or why it failed. */
  const run = useCallback(
    async (progress: 'turningOn' | 'turningOff', work: () => Promise<PushSwitchState>) => {
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
    if (!support || !current.current.ready) return
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
          await current.current.save(subscription)
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) throw error
          // This browser's subscription was given to another owner (a token this phone forgot,
          // the citizen of this phone, another member who signed in here): an endpoint stays
          // with its first owner, so this one takes a new one of its own.
          await subscription.unsubscribe()
          await current.current.save(step(await subscribe()))
        }
        return 'on' as const
      })
    })
  }, [run])

  const turnOff = useCallback(async () => {
    await run('turningOff', () =>
      giveUpAfter(PUSH_SUBSCRIBE_TIMEOUT_MS, async (wanted) => {
        const subscription = await currentPushSubscription()
        if (!wanted()) throw new PushTimedOut()
        if (subscription) {
          await current.current.remove(subscription.endpoint)
          await subscription.unsubscribe()
        }
        current.current.onTurnedOff?.()
        return 'off' as const
      }),
    )
  }, [run])

  return { state, failure, busy, turnOn, turnOff }
}
