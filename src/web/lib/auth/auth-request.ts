import { ApiError, apiRequest, apiTransportOf, type RequestOptions } from '../api-client'
import { useSessionStore } from './session-store'

/**
 * An API call as the signed-in user. An expired access token is renewed once and the call
 * replayed; when the session cannot be renewed, the store signs out and the guard sends the
 * user back to the login page. On the server, rendering a page, the call is the page request's
 * visitor's (its query client's transport).
 */
export async function authRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const transport = apiTransportOf(options.client)
  const attempt = () => {
    const headers = new Headers(options.headers)
    // On the server, the transport is the visitor's already.
    const authorization = transport ? null : sessionAuthorization()
    if (authorization) headers.set('authorization', authorization)
    return apiRequest<T>(path, { ...options, headers })
  }
  try {
    return await attempt()
  } catch (error) {
    if (transport || !(error instanceof ApiError) || error.status !== 401) throw error
    if (!(await useSessionStore.getState().refresh())) throw error
    return attempt()
  }
}

/** The Authorization header of the signed-in user's requests, or null when nobody is signed in. */
function sessionAuthorization(): string | null {
  const { token } = useSessionStore.getState()
  return token ? `Bearer ${token}` : null
}
