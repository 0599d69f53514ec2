/**
 * Time as the server sees it. Tests pass a fixed clock, or one they move themselves
 * (test/moving-clock.ts): what the app waits for then happens when the test moves the time, never
 * with the machine's speed.
 */
export interface Clock {
  now(): Date
  /**
   * Runs `run` once `ms` have passed on this clock (a login waiting for its account's turn, the
   * geocoder's next turn or timeout); the function returned cancels it. Without it, real time
   * passes (setTimeout).
   */
  after?(ms: number, run: () => void): () => void
}

export const systemClock: Clock = { now: () => new Date() }

/** Runs `run` once `ms` have passed on this clock; the function returned cancels it. */
export function timerOn(clock: Clock, ms: number, run: () => void): () => void {
  if (clock.after) return clock.after(ms, run)
  const timer = setTimeout(run, ms)
  return () => clearTimeout(timer)
}

/** Waits `ms` on this clock. */
export function waitOn(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => timerOn(clock, ms, resolve))
}
