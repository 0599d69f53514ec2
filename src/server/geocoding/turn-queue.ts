import { type Clock, timerOn } from '../clock'

/**
 * How many of the last turns' addresses are remembered, to put an address that comes back after
 * the others. One turn a second: this covers the last quarter of an hour, far more than the
 * addresses a full queue can hold; an address forgotten counts as one never served, which it
 * nearly is. The memory stays this small whatever the number of addresses.
 */
const REMEMBERED_TURNS = 1000

interface Waiter {
  client: string
  /** Order of arrival, among every request. */
  arrival: number
  /** When its client will have given up: the turn must come by then. */
  deadline: number
  resolve(turn: boolean): void
}

/**
 * Turns for the upstream service, one every `intervalMs`, given to the asking addresses in turn:
 * the next turn goes to the waiting address whose last turn is the oldest (one never served, or
 * not for long, first), and an address's own requests go in the order they came. Addresses that
 * keep the queue full so cannot starve another: it takes its place before them.
 *
 * No request waits longer than `maxWaitMs` (its client would have given up): one that would is
 * refused at once, whether on arrival or because others came before it since; one whose client
 * leaves gives its turn to the next.
 */
export function createTurnQueue(options: { intervalMs: number; maxWaitMs: number; clock: Clock }) {
  const { intervalMs, maxWaitMs, clock } = options
  /** Waiting requests by address, each address's in the order they came. */
  const waiting = new Map<string, Waiter[]>()
  /** The number of each address's last turn; a Map keeps its oldest first. */
  const lastTurns = new Map<string, number>()
  let turns = 0
  let lastTurnAt = Number.NEGATIVE_INFINITY
  let arrivals = 0
  let timer: (() => void) | undefined

  /** The waiting requests in the order they will be served, if nobody else comes. */
  const order = (): Waiter[] => {
    const rank = (queue: Waiter[]) => lastTurns.get(queue[0]?.client ?? '') ?? -1
    const queues = [...waiting.values()].sort(
      (a, b) => rank(a) - rank(b) || (a[0]?.arrival ?? 0) - (b[0]?.arrival ?? 0),
    )
    const served: Waiter[] = []
    // Round after round: an address served goes after all the others.
    for (let round = 0; ; round++) {
      const before = served.length
      for (const queue of queues) {
        const waiter = queue[round]
        if (waiter) served.push(waiter)
      }
      if (served.length === before) return served
    }
  }

  const remove = (waiter: Waiter) => {
    const queue = waiting.get(waiter.client)
    const index = queue?.indexOf(waiter) ?? -1
    if (!queue || index < 0) return false
    queue.splice(index, 1)
    if (queue.length === 0) waiting.delete(waiter.client)
    return true
  }

  /** Refuses, one by one from the first in line, the requests whose turn would come too late. */
  const refuseLate = () => {
    for (;;) {
      const firstTurnAt = Math.max(clock.now().getTime(), lastTurnAt + intervalMs)
      const late = order().find((waiter, position) => firstTurnAt + position * intervalMs > waiter.deadline)
      if (!late) return
      remove(late)
      late.resolve(false)
    }
  }

  const serve = () => {
    timer = undefined
    const [next] = order()
    if (!next) return
    const wait = lastTurnAt + intervalMs - clock.now().getTime()
    if (wait > 0) {
      timer = timerOn(clock, wait, serve)
      return
    }
    remove(next)
    lastTurnAt = clock.now().getTime()
    lastTurns.delete(next.client)
    lastTurns.set(next.client, ++turns)
    if (lastTurns.size > REMEMBERED_TURNS) lastTurns.delete(lastTurns.keys().next().value ?? '')
    next.resolve(true)
    serve()
  }

  return {
    /**
     * Resolves true when it is this request's turn, false when it must not wait for one (or no
     * longer). `client` is the asking address's key.
     */
    take(client: string, signal?: AbortSignal): Promise<boolean> {
      if (signal?.aborted) return Promise.resolve(false)
      return new Promise((resolve) => {
        const leave = () => {
          if (remove(waiter)) resolve(false)
        }
        const waiter: Waiter = {
          client,
          arrival: arrivals++,
          deadline: clock.now().getTime() + maxWaitMs,
          resolve(turn) {
            signal?.removeEventListener('abort', leave)
            resolve(turn)
          },
        }
        const queue = waiting.get(client)
        if (queue) queue.push(waiter)
        else waiting.set(client, [waiter])
        signal?.addEventListener('abort', leave, { once: true })
        refuseLate()
        if (!timer) serve()
      })
    },
  }
}
