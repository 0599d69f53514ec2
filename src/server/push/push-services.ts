/**
 * Where the server may post a notification: the push services of the browsers, nothing else.
 * A subscription's endpoint comes from the client; posting wherever it points would let anyone
 * make the server call an address of its network (SSRF).
 */
const BROWSER_PUSH_HOSTS = [
  // Chrome, Edge (Chromium), Samsung Internet, Opera: Firebase Cloud Messaging.
  'fcm.googleapis.com',
  'android.googleapis.com',
  // Firefox: Mozilla autopush.
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  // Safari: Apple Push Notification service.
  'web.push.apple.com',
]
/** Services that spread over numbered hosts: Apple's and Microsoft's (WNS, legacy Edge). */
const BROWSER_PUSH_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com']

/**
 * Whether `endpoint` belongs to a browser's push service (https, its usual port), or starts with
 * one of `extraOrigins` (PUSH_SERVICE_ORIGINS: a self-hosted service, the tests' loopback one).
 */
export function isKnownPushService(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (extraOrigins.includes(url.origin)) return true
  if (url.protocol !== 'https:' || url.port !== '') return false
  const host = url.hostname.toLowerCase()
  return (
    BROWSER_PUSH_HOSTS.includes(host) ||
    BROWSER_PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length)
  )
}
