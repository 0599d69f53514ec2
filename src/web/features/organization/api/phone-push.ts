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
