// A signed-in page asks for its first data itself, from an inline script, while its code is still
// downloading (app/early-reads.ts writes that script); the screen's first requests then take
// those answers instead of asking again, one round trip after the code has arrived.

/** Where the page's inline script leaves the requests it started. */
export const EARLY_READS_GLOBAL = '__earlyReads'

/** A request the page started before its code ran. */
export interface EarlyRead {
  /** Path and query, as the screen will ask for it. */
  path: string
  /** The Authorization header it was sent with. */
  authorization: string
  response: Promise<Response>
}

type WithEarlyReads = { [EARLY_READS_GLOBAL]?: EarlyRead[] }

/**
 * The page's early answer to this request, once: only for the same path asked with the same
 * token (a session renewed meanwhile asks again, as does any other request).
 */
export function takeEarlyRead(path: string, authorization: string | null): Promise<Response> | null {
  const reads = (globalThis as WithEarlyReads)[EARLY_READS_GLOBAL]
  const index = reads?.findIndex((read) => read.path === path && read.authorization === authorization) ?? -1
  if (!reads || index < 0) return null
  const [read] = reads.splice(index, 1)
  return read?.response ?? null
}
