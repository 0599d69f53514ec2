import { type ReactNode, useEffect } from 'react'
import { Navigate } from 'react-router'
import type { UserType } from '../../../domain/auth'
import { TOKEN_REFRESH_LEAD_MS } from '../../../domain/constants'
import { useSessionStore } from './session-store'

/** After a renewal that failed for want of network, the next attempt. */
const RENEW_RETRY_MS = 30_000

/**
 * Guards a signed-in area: a visitor who is not signed in, is of another type, or whose session
 * can no longer be renewed goes to the area's login page. While signed in, the access token is
 * renewed 2 minutes before it expires.
 */
export function RequireSession({
  userType,
  loginPath,
  children,
}: {
  userType: UserType
  loginPath: string
  children: ReactNode
}) {
  const session = useSessionStore()

  // Renewed 2 minutes before it expires, or at once when it has: a page server-rendered for the
  // cookie's session comes without an access token, and shows as rendered meanwhile (the route's
  // loader renewed an expired one already when the app itself opened the page).
  useEffect(() => {
    if (!session.isAuthenticated) return
    const expiry = session.sessionExpiry ?? 0
    let timer: ReturnType<typeof setTimeout>
    let stopped = false
    const renew = async () => {
      const renewed = await useSessionStore.getState().refresh()
      // Offline, the session is kept: try again shortly rather than wait for a 401.
      if (!renewed && !stopped && useSessionStore.getState().isAuthenticated) {
        timer = setTimeout(renew, RENEW_RETRY_MS)
      }
    }
    timer = setTimeout(renew, Math.max(0, expiry - TOKEN_REFRESH_LEAD_MS - Date.now()))
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [session.isAuthenticated, session.sessionExpiry])

  if (!session.isAuthenticated || session.userType !== userType) return <Navigate to={loginPath} replace />
  return children
}
