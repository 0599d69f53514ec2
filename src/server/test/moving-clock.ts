import type { Clock } from '../clock'

/**
 * A clock the test moves by hand: time stands still until the test moves it, and then what falls
 * due on it (`Clock.after`: a login waiting for its account's turn, the geocoder's next turn)
 * runs in order, each at its own time. A loaded machine makes such a test slower, never wrong.
 */
export interface MovingClock extends Required<Clock> {
  /** How many timers are pending. */
  readonly waiting: number
  /** When the first pending timer is due (milliseconds since the epoch), if one is. */
  nextDue(): number | undefined
  /** Moves the time forward to `at` (milliseconds since the epoch), running what falls due on the way. */
  moveTo(at: number): void
  /** Moves the time forward by `ms`. */
  advance(ms: number): void
  /** Moves the time to the next timer and runs it; false when nothing waits. */
  runNext(): boolean
}

export function movingClock(start = new Date(0)): MovingClock {
  let now = start.getTime()
  const timers = new Set<{ at: number; run: () => void }>()
  const firstDue = (until: number) => {
    let first: { at: number; run: () => void } | undefined
    for (const timer of timers) if (timer.at <= until && (!first || timer.at < first.at)) first = timer
    return first
  }
  const clock: MovingClock = {
    now: () => new Date(now),
    after(ms, run) {
      const timer = { at: now + Math.max(0, ms), run }
      timers.add(timer)
      return () => void timers.delete(timer)
    },
    get waiting() {
      return timers.size
    },
    nextDue: () => firstDue(Number.POSITIVE_INFINITY)?.at,
    moveTo(at) {
      for (let timer = firstDue(at); timer; timer = firstDue(at)) {
        timers.delete(timer)
        now = Math.max(now, timer.at)
        timer.run()
      }
      now = Math.max(now, at)
    },
    advance: (ms) => clock.moveTo(now + ms),
    runNext() {
      const due = clock.nextDue()
      if (due === undefined) return false
      clock.moveTo(due)
      return true
    },
  }
  return clock
}

/**
 * Lets the app work (its database, its hashing) until each of the `pending()` requests is either
 * answered or waiting on the clock: only then may the test move the time.
 */
export async function untilOnlyTheClockIsAwaited(clock: MovingClock, pending: () => number) {
  while (pending() > clock.waiting) await new Promise((resolve) => setImmediate(resolve))
}
