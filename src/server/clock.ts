/** Time as the server sees it; tests pass a fixed clock. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
