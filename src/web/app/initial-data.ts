import type { FetchQueryOptions } from '@tanstack/react-query'
import type { Params } from 'react-router'
import type { Area, InitialDataKey } from './route-manifest'

// Options of any query: each key gives the options its screen's first query uses.
// biome-ignore lint/suspicious/noExplicitAny: the queries' data types differ, their options are only passed on
export type AnyQueryOptions = FetchQueryOptions<any, any, any, any>

/**
 * The query each key of the manifest names, from the page's address and the values of its path,
 * exactly as the page's screens ask it when they open (the same key, so that the screen starts
 * from it): null when the page has nothing to ask (a tracking page without a valid code, a
 * report's page whose id cannot be one).
 */
export type InitialData<Key extends InitialDataKey> = Readonly<
  Record<Key, (url: URL, params: Params) => AnyQueryOptions | null>
>

/**
 * Each area's queries, fetched with its screens: an organisation's or an administrator's queries
 * are never in a citizen page's download.
 */
export const INITIAL_DATA: Readonly<Record<Area, () => Promise<Partial<InitialData<InitialDataKey>>>>> = {
  citizen: () => import('./initial-data-citizen').then((module) => module.citizenInitialData),
  'signed-in': () => Promise.resolve({}),
  organization: () => import('./initial-data-organization').then((module) => module.organizationInitialData),
  admin: () => import('./initial-data-admin').then((module) => module.adminInitialData),
}
