import type { DehydratedState } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'
import { HYDRATION_DATA_ID, type PageSession } from '../../domain/page-renderer'

/**
 * What a page rendered by the server carries for the browser to hydrate it as it is: the router's
 * state (its loaders ran on the server), the queries' data, and whom it was rendered for.
 */
export interface HydrationData {
  router: HydrationState
  queries: DehydratedState
  session: PageSession | null
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
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
