import type { Clock } from '../clock'

/**
 * A clock the test moves by hand: what the app waits for on it (`Clock.wait`, a login waiting for
 * its account's turn) resolves when the test moves the time past it, never with real time. A
 * loaded machine makes such a test slower, never wrong.
 */
export interface MovingClock extends Clock {
  wait(ms: number): Promise<void>
  /** How many waits are pending. */
  readonly waiting: number
  /** When the first pending wait is due, if one is. */
  nextDue(): number | undefined
  /** Moves the time forward to `at` (milliseconds since the epoch), waking the waits due by then. */
  moveTo(at: number): void
}

export function movingClock(start: Date): MovingClock {
  let now = start.getTime()
  const waits: { at: number; resolve: () => void }[] = []
  return {
    now: () => new Date(now),
    wait: (ms) =>
      new Promise<void>((resolve) => {
        waits.push({ at: now + ms, resolve })
      }),
    get waiting() {
      return waits.length
    },
    nextDue: () => (waits.length > 0 ? Math.min(...waits.map((wait) => wait.at)) : undefined),
    moveTo(at) {
      now = Math.max(now, at)
      const due = waits.filter((wait) => wait.at <= now).sort((a, b) => a.at - b.at)
      for (const wait of due) {
        waits.splice(waits.indexOf(wait), 1)
        wait.resolve()
      }
    },
  }
}

/**
 * Lets the app work (its database, its hashing) until each of the `pending()` requests is either
 * answered or waiting on the clock: only then may the test move the time.
 */
export async function untilOnlyTheClockIsAwaited(clock: MovingClock, pending: () => number) {
  while (pending() > clock.waiting) await new Promise((resolve) => setImmediate(resolve))
}
