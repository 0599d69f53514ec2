import type { ReactNode } from 'react'
import { useHydrated } from '../../lib/use-hydrated'

/**
 * The controls of a form that the server drew stay disabled until the app has taken the page
 * over: what a visitor typed or chose before then would not reach the app, and would be lost.
 */
export function EnabledOnceHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated()
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  )
}
