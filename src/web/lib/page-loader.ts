import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query'
import {
  createContext,
  data,
  type LoaderFunctionArgs,
  type RouterContextProvider,
  redirect,
} from 'react-router'
import type { UserType } from '../../domain/auth'
import { isUnknown, UNKNOWN_SUBJECT } from './page-subject'
import { markInitialData } from './query-client'

// biome-ignore lint/suspicious/noExplicitAny: the queries' data types differ, their options are only passed on
export type AnyQueryOptions = FetchQueryOptions<any, any, any, any>

/** What the routes' loaders are given, through React Router's context (router.tsx, entry-server.tsx). */
export interface PageDeps {
  queryClient: QueryClient
  /** The visitor's session; in the browser renewed first, and fetched with the signed-in areas' code only. */
  session: () => Promise<{ isAuthenticated: boolean; userType: UserType | null }>
  /** The server waits for a page's data to render it with it; the browser never waits on the network. */
  awaitData: boolean
}
export const pageDeps = createContext<PageDeps>()

/** What a route module says of its page, in its `handle` export. */
export interface PageHandle {
  /**
   * Rendered by the server: `public`, the same for every visitor (kept until a report changes,
   * unless its path carries a value); `session`, for the signed-in visitor of the request's cookie.
   * Others (what a phone keeps for itself) are rendered by the browser.
   */
  rendered?: 'public' | 'session'
  /** The query parameters its screen reads: any other is ignored when the server renders it. */
  parameters?: readonly string[]
  /** The organisation and admin areas' frame: French whatever language the visitor chose. */
  frenchOnly?: true
}

const depsOf = (context: unknown) => (context as RouterContextProvider).get(pageDeps)

async function signedInTo(area: UserType, context: unknown): Promise<boolean> {
  const session = await depsOf(context).session()
  return session.isAuthenticated && session.userType === area
}

/** The loader of a signed-in area's frame: a visitor without its session goes to its login page. */
export function signedInAreaLoader(area: UserType, loginPath: string) {
  return async ({ context }: LoaderFunctionArgs) => {
    if (!(await signedInTo(area, context))) throw redirect(loginPath)
    return null
  }
}

/** One query of a page's initial data, marked so that its screen starts from it. */
function fetchInitial({ queryClient }: PageDeps, options: AnyQueryOptions): Promise<void> {
  // Data kept from an earlier visit is shown at once and asked again meanwhile.
  return queryClient
    .ensureQueryData({ ...options, revalidateIfStale: true })
    .then(() => markInitialData(queryClient, options.queryKey))
}

/**
 * A page's loader: the data its first frame shows, asked with the query options its screen uses
 * (null: nothing to ask, e.g. a tracking page without a code). A failure is the screen's to show.
 * Inside a signed-in area, asked only with the area's session.
 */
export function pageLoader(
  ask: (
    args: LoaderFunctionArgs,
  ) => readonly (AnyQueryOptions | null)[] | Promise<readonly (AnyQueryOptions | null)[]>,
  area?: UserType,
) {
  return async (args: LoaderFunctionArgs) => {
    if (area && !(await signedInTo(area, args.context))) return null
    const deps = depsOf(args.context)
    const asked = (await ask(args)).flatMap((options) =>
      options ? [fetchInitial(deps, options).catch(() => undefined)] : [],
    )
    if (deps.awaitData) await Promise.all(asked)
    return null
  }
}

/**
 * The loader of a page about one thing (a report, by the id in its path): the not-found page, with
 * status 404, when its address cannot name one, or, on the server, which waits, when the API says so.
 */
export function subjectLoader(ask: (args: LoaderFunctionArgs) => AnyQueryOptions | null) {
  return async (args: LoaderFunctionArgs) => {
    const options = ask(args)
    if (!options) return data(UNKNOWN_SUBJECT, { status: 404 })
    const deps = depsOf(args.context)
    let unknown = false
    const fetched = fetchInitial(deps, options).catch((error: unknown) => {
      unknown = isUnknown(error)
    })
    if (deps.awaitData) await fetched
    return unknown ? data(UNKNOWN_SUBJECT, { status: 404 }) : null
  }
}
