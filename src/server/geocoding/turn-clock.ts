/**
 * The time the geocoder counts its turns and its timeout in. The server's Clock (../clock.ts)
 * only tells the date; the turns also need to be woken when their time comes, and a test needs a
 * time that moves only when it says so (manual-turn-clock.ts), whatever the machine's speed.
 */
export interface TurnClock {
  /** Milliseconds, on a scale that never goes back. */
  now(): number
  /** Runs `run` once `ms` have passed; the function returned cancels it. */
  after(ms: number, run: () => void): () => void
}

export const systemTurnClock: TurnClock = {
  now: () => performance.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms)
    return () => clearTimeout(timer)
  },
}
