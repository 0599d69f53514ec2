/** Time as the server sees it; tests pass a fixed clock, or one they move themselves. */
export interface Clock {
  now(): Date
  /**
   * Resolves once `ms` have passed on this clock (a login waiting for its account's turn). A test
   * clock resolves it when the test moves its time; without it, real time passes (setTimeout).
   */
  wait?(ms: number): Promise<void>
}

export const systemClock: Clock = { now: () => new Date() }

/** Waits `ms` on this clock. */
export function waitOn(clock: Clock, ms: number): Promise<void> {
  if (clock.wait) return clock.wait(ms)
  return new Promise((resolve) => setTimeout(resolve, ms))
}
