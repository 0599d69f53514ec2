import { useCallback, useRef } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'

/**
 * The page's query parameters, and a way to change some of them in place (no new history entry).
 * Unlike `useSearchParams`, a change starts from the address being loaded, not the one shown:
 * two filters chosen while the first one's data loads both stay in the address.
 */
export function useAddressParams() {
  const location = useLocation()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null
  const params = new URLSearchParams((pending ?? location).search)
  // Two changes before the page renders again (one event) also build on each other.
  const latest = useRef(params)
  latest.current = params
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      const next = change(latest.current)
      latest.current = next
      const search = next.toString()
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true })
    },
    [navigate, location.pathname],
  )
  // The address being loaded: a select shows the value just chosen while its data loads.
  return [params, update] as const
}
