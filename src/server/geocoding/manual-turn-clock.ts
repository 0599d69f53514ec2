import type { TurnClock } from './turn-clock'

/**
 * A TurnClock for tests: time stands still until the test moves it, and then what falls due runs
 * in order. A test so asserts which request went when, in the clock's milliseconds, on a busy
 * machine as on an idle one.
 */
export function createManualTurnClock() {
  let current = 0
  const timers = new Set<{ at: number; run: () => void }>()
  const nextDue = (until: number) => {
    let next: { at: number; run: () => void } | undefined
    for (const timer of timers) if (timer.at <= until && (!next || timer.at < next.at)) next = timer
    return next
  }
  const clock = {
    now: () => current,
    after(ms: number, run: () => void) {
      const timer = { at: current + Math.max(0, ms), run }
      timers.add(timer)
      return () => void timers.delete(timer)
    },
    /** Moves time on by `ms`, running what falls due on the way, each at its own time. */
    advance(ms: number) {
      const end = current + ms
      for (let timer = nextDue(end); timer; timer = nextDue(end)) {
        timers.delete(timer)
        current = timer.at
        timer.run()
      }
      current = end
    },
    /** Moves time on to the next timer and runs it; false when nothing waits. */
    runNext(): boolean {
      const timer = nextDue(Number.POSITIVE_INFINITY)
      if (!timer) return false
      clock.advance(timer.at - current)
      return true
    },
  } satisfies TurnClock & Record<string, unknown>
  return clock
}
export type ManualTurnClock = ReturnType<typeof createManualTurnClock>
