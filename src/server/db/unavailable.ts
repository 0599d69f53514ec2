/**
 * Whether a failure says that the database cannot be reached at the moment (stopped, restarting,
 * failing over, the network between) rather than that a query is wrong: the request is then
 * answered 503 and may be tried again, never 500. drizzle wraps the driver's error (`cause`), and
 * Node gives an AggregateError when a host name has several addresses that all refuse.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error]
  const seen = new Set<unknown>()
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (!(current instanceof Error) || seen.has(current)) continue
    seen.add(current)
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true
    if (DRIVER_MESSAGES.test(current.message)) return true
    if (current.cause !== undefined) pending.push(current.cause)
    if (current instanceof AggregateError) pending.push(...current.errors)
  }
  return false
}

/** The socket to the database failed: refused while it is down, reset when it stops, or no route. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
])

/**
 * PostgreSQL's own words: class 08 (connection exception), 57P01 (admin shutdown: a restart or
 * pg_terminate_backend), 57P02 (crash shutdown), 57P03 (cannot connect now: starting or stopping).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03'
}

/** node-postgres and its pool say it without a code. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/

/**
 * The driver's own failure, for the log (a refused connection, an administrator shutdown):
 * drizzle's wrapper around it quotes the query and its values, which the log must not hold.
 */
export function driverFailure(error: unknown): { code?: string; reason: string } {
  let current = error
  while (current instanceof Error && current.cause instanceof Error) current = current.cause
  if (!(current instanceof Error)) return { reason: String(current) }
  const code = (current as { code?: unknown }).code
  return { ...(typeof code === 'string' ? { code } : {}), reason: current.message }
}
