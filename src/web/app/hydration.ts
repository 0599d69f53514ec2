import type { DehydratedState } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'
import type { PageSession } from '../../domain/page-renderer'
import { HYDRATION_DATA_ID } from '../lib/page-markup'

/**
 * What a page rendered by the server carries for the browser to hydrate it as it is: the router's
 * state (its loaders ran on the server), the queries' data, and whom it was rendered for.
 */
export interface HydrationData {
  router: HydrationState
  queries: DehydratedState
  session: PageSession | null
}

/** The hydration data the server wrote into the page, if any (JSON, never run). */
export function readHydration(document: Document): HydrationData | null {
  const text = document.getElementById(HYDRATION_DATA_ID)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as HydrationData
  } catch {
    return null
  }
}
