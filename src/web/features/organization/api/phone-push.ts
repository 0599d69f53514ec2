import { authRequest } from '../../../lib/auth/auth-request'

/**
 * POST /api/org/push: this phone is told of the reports handed to the signed-in member. The
 * organisation space reads French, and so do its notifications.
 */
export function savePhonePush(subscription: PushSubscription) {
  return authRequest<null>('/api/org/push', {
    method: 'POST',
    json: { ...subscription.toJSON(), language: 'fr' },
  })
}

/** DELETE /api/org/push: this phone is no longer told. */
export function removePhonePush(endpoint: string) {
  return authRequest<null>('/api/org/push', { method: 'DELETE', json: { endpoint } })
}

/**
 * At logout: the server forgets this phone's subscription for the member (a shared phone must not
 * go on showing the reports handed to them). The browser keeps its subscription, which may be a
 * citizen's of the same phone; the server only deletes the member's own.
 */
export async function forgetPhonePush(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager?.getSubscription()
  if (subscription) await removePhonePush(subscription.endpoint)
}
