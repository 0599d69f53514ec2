import { vi } from 'vitest'

export const PUSH_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc'
export const PUSH_SUBSCRIPTION_JSON = {
  endpoint: PUSH_ENDPOINT,
  keys: { p256dh: 'P'.repeat(87), auth: 'A'.repeat(22) },
}

/**
 * The browser's push machinery as a phone has it: permission, service worker, push manager. Each
 * new subscription has an endpoint of its own. Undone by `forgetFakePushBrowser`.
 */
export function fakePushBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted',
  subscribed = false,
}) {
  let subscription: PushSubscription | null = null
  let made = 0
  const newSubscription = () => {
    made += 1
    const endpoint = made === 1 ? PUSH_ENDPOINT : `${PUSH_ENDPOINT}-${made}`
    return {
      endpoint,
      toJSON: () => ({ ...PUSH_SUBSCRIPTION_JSON, endpoint }),
      unsubscribe: vi.fn(async () => {
        subscription = null
        return true
      }),
    } as unknown as PushSubscription
  }
  if (subscribed) subscription = newSubscription()
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = newSubscription()
      return subscription
    }),
  }
  const registration = { pushManager }
  const notification = { permission, requestPermission: vi.fn(async () => answer) }
  vi.stubGlobal('Notification', notification)
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  })
  return { pushManager, notification }
}

export function forgetFakePushBrowser() {
  Reflect.deleteProperty(navigator, 'serviceWorker')
}
