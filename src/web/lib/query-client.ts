import {
  type Query,
  QueryCache,
  QueryClient,
  type QueryClientConfig,
  type QueryKey,
} from '@tanstack/react-query'
import { QUERY_CACHE_TIME_MS, QUERY_RETRIES, queryRetryDelay } from '../../domain/constants'
import { logApiFailure } from './api-client'
import { isUnknown, UNKNOWN_IS_AN_ANSWER } from './page-subject'

/** How long the data a rendered page arrived with counts as fresh: its screen asks again only after. */
export const RENDERED_DATA_FRESH_MS = 60_000

/**
 * Server data: 3 retries with capped exponential backoff, kept 5 minutes (SPEC.md section 9).
 * Tests override `queryDefaults` (no retries). A failed read is logged here once (an expected
 * refusal or a service turned off at debug level only, a 404 its query's `meta` calls an answer
 * not at all); each screen decides what the visitor sees instead.
 */
export function createQueryClient(
  queryDefaults: NonNullable<QueryClientConfig['defaultOptions']>['queries'] = {},
) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A 404 that the screen shows as its answer (a report's page for an id no public report
        // has) is no failure: not logged, on the server least of all, where anyone can ask for one.
        if (query.meta?.[UNKNOWN_IS_AN_ANSWER] === true && isUnknown(error)) return
        logApiFailure('Échec du chargement', error, keyNames(query.queryKey))
      },
    }),
    defaultOptions: {
      queries: {
        retry: QUERY_RETRIES,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_CACHE_TIME_MS,
        // What the page was opened with is not asked for again when its screen mounts.
        refetchOnMount: (query) => !isInitialData(query),
        // Mobile data is costly: do not reload just because the tab came back.
        refetchOnWindowFocus: false,
        // Asked even when the phone says it is offline: the service worker may answer from its
        // copy (categories, home lists, the device's reports); retries wait for the network.
        networkMode: 'offlineFirst',
        ...queryDefaults,
      },
    },
  })
}

/** A name of a key ('reports', 'api-keys'): what a query is, never a value it was asked with. */
const KEY_NAME = /^[a-z][a-z-]*$/

/**
 * What a failed query is, for the console: its key's leading names (['reports', 'nearby']), never
 * the values after them, some of which are secrets (this device's token, a report's code).
 */
export function keyNames(queryKey: QueryKey): string[] {
  const end = queryKey.findIndex((part) => typeof part !== 'string' || !KEY_NAME.test(part))
  return (end === -1 ? queryKey : queryKey.slice(0, end)) as string[]
}

/**
 * The queries a page was opened with: rendered by the server with it, or fetched by its route's
 * loader as the app opened it. Its screens, mounting next, take that data as it is (for
 * RENDERED_DATA_FRESH_MS) instead of asking again; every other query is asked again on mount once
 * stale, as usual, so that a screen visited again shows what changed meanwhile.
 */
const initialData = new WeakSet<Query>()

function isInitialData(query: Query): boolean {
  return initialData.has(query) && Date.now() - query.state.dataUpdatedAt < RENDERED_DATA_FRESH_MS
}

/** Marks the data a page is opened with (see `initialData`). */
export function markInitialData(client: QueryClient, queryKey: QueryKey) {
  const query = client.getQueryCache().find({ queryKey, exact: true })
  if (query) initialData.add(query)
}
