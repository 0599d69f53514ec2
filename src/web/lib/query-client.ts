import { QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query'
import { QUERY_CACHE_TIME_MS, QUERY_RETRIES, queryRetryDelay } from '../../domain/constants'
import { DRAWN_DATA_FRESH_MS } from '../../domain/page-renderer'

/**
 * Server data: 3 retries with capped exponential backoff, kept 5 minutes (SPEC.md section 9).
 * Tests override `queryDefaults` (no retries). A failed read is logged here once; each screen decides what the visitor sees instead.
 */
export function createQueryClient(
  queryDefaults: NonNullable<QueryClientConfig['defaultOptions']>['queries'] = {},
) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error('Échec du chargement', query.queryKey, error),
    }),
    defaultOptions: {
      queries: {
        retry: QUERY_RETRIES,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_CACHE_TIME_MS,
        // What the server drew the page with, or a route's loader just fetched, is not asked
        // again when the screen opens; live events and changes mark what they touch as stale.
        staleTime: DRAWN_DATA_FRESH_MS,
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
