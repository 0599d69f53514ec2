// A signed-in page asks for its first data itself, from an inline script, while its code is still
// downloading (app/early-reads.ts writes that script). A screen then starts from that data when it
// has arrived (`earlyData`), in its first frame, or its first request takes the answer on its way
// (`takeEarlyRead`) instead of asking again, one round trip after the code has arrived.
/** Where the page's inline script leaves the requests it started. */
export const EARLY_READS_GLOBAL = '__earlyReads'

/** How long data a page asked for before its code ran counts as fresh: the screen does not ask again at once. */
export const EARLY_READ_FRESH_MS = 10_000

/** A request the page started before its code ran. */
export interface EarlyRead {
  /** Path and query, as the screen will ask for it. */
  path: string
  /** The Authorization header it was sent with. */
  authorization: string
  response: Promise<Response>
  /** The answer's JSON once it has arrived, when the server said yes. */
  body?: unknown
}

type WithEarlyReads = { [EARLY_READS_GLOBAL]?: EarlyRead[] }

/** The page's early request for this path with this token, taken out: nobody gets it twice. */
function take(path: string, authorization: string | null, arrived: boolean): EarlyRead | null {
  const reads = (globalThis as WithEarlyReads)[EARLY_READS_GLOBAL]
  const index =
    reads?.findIndex(
      (read) =>
        read.path === path && read.authorization === authorization && (!arrived || read.body !== undefined),
    ) ?? -1
  if (!reads || index < 0) return null
  return reads.splice(index, 1)[0] ?? null
}

/**
 * The page's early answer to this request, once: only for the same path asked with the same
 * token (a session renewed meanwhile asks again, as does any other request).
 */
export function takeEarlyRead(path: string, authorization: string | null): Promise<Response> | null {
  return take(path, authorization, false)?.response ?? null
}

/**
 * Forgets the answers no screen took (the visitor left the page at once, say): they belong to the
 * page's first screen, and would be old for the next one that asks for the same path.
 */
export function forgetEarlyReads() {
  delete (globalThis as WithEarlyReads)[EARLY_READS_GLOBAL]
}

const startedFrom = new Map<string, number>()

/**
 * Query options that start a query from the page's early answer when it is already there (a
 * list in the screen's first frame instead of a loading state), fresh for EARLY_READ_FRESH_MS.
 */
export function earlyData<T>(path: string, authorization: () => string | null) {
  return {
    initialData: (): T | undefined => {
      const read = take(path, authorization(), true)
      if (!read) return undefined
      startedFrom.set(path, Date.now())
      return read.body as T
    },
    initialDataUpdatedAt: () => startedFrom.get(path),
    staleTime: (query: { state: { dataUpdatedAt: number } }) =>
      query.state.dataUpdatedAt === startedFrom.get(path) ? EARLY_READ_FRESH_MS : 0,
  }
}
