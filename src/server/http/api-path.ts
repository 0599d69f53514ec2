/** Where the API answers: data, never a page (security headers, the not-found answer). */
const API_PREFIX = '/api/'

export function isApiPath(url: string): boolean {
  return url.startsWith(API_PREFIX)
}
