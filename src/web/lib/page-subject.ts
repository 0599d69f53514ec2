import { useLoaderData } from 'react-router'
import { ApiError } from './api-client'

/**
 * What the loader of a page about one thing (`subjectLoader`: a report, by the id in its
 * path) gives when that thing is unknown: the address cannot name one, or the API answered 404.
 * It comes with status 404, so that the server answers the page with it, and it travels with the
 * router's data to the browser, which then shows the same not-found page as the server drew.
 */
export const UNKNOWN_SUBJECT = 'unknown-subject'

/** The `meta` key of a query whose 404 is an answer the screen shows, not a failure to log. */
export const UNKNOWN_IS_AN_ANSWER = 'unknownIsAnAnswer'

/** Whether an API failure says the thing asked for does not exist. */
export function isUnknown(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** Whether the route's loader found the page's subject unknown (the not-found page is then due). */
export function useUnknownSubject(): boolean {
  return useLoaderData() === UNKNOWN_SUBJECT
}
