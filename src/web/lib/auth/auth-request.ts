import { ApiError, apiRequest, type RequestOptions } from '../api-client'
import { earlyData } from '../early-read'
import { useSessionStore } from './session-store'

/**
 * An API call as the signed-in user. An expired access token is renewed once and the call
 * replayed; when the session cannot be renewed, the store signs out and the guard sends the
 * user back to the login page.
 */
export async function authRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const attempt = () => {
    const headers = new Headers(options.headers)
    const authorization = sessionAuthorization()
    if (authorization) headers.set('authorization', authorization)
    return apiRequest<T>(path, { ...options, headers })
  }
  try {
    return await attempt()
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error
    if (!(await useSessionStore.getState().refresh())) throw error
    return attempt()
  }
}

/**
 * Query options that start a signed-in user's query from the page's early answer to `path`
 * (lib/early-read.ts), when it was asked with this session.
 */
export function sessionEarlyData<T>(path: string) {
  return earlyData<T>(path, sessionAuthorization)
}

/** The Authorization header of the signed-in user's requests, or null when nobody is signed in. */
function sessionAuthorization(): string | null {
  const { token } = useSessionStore.getState()
  return token ? `Bearer ${token}` : null
}
