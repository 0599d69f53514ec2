/** Where the API answers: data, never a page (security headers, the not-found answer). */
const API_PREFIX = '/api/'

export function isApiPath(url: string): boolean {
  return url.startsWith(API_PREFIX)
}

/**
 * The API's areas whose answers belong to one caller: a device's reports and messages, an
 * organisation's or an administrator's space, a login and its tokens. No cache may keep them,
 * their errors included (a 401 or a 404 tells about someone's session too).
 */
const PRIVATE_API_PREFIXES = ['/api/citizen/', '/api/org/', '/api/admin/', '/api/auth/']

export function isPrivateApiPath(url: string): boolean {
  return PRIVATE_API_PREFIXES.some((prefix) => url.startsWith(prefix))
}
