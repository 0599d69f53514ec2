import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import {
  LOGIN_ATTEMPTS_BEFORE_TURNS,
  LOGIN_TURN_MAX_MS,
  LOGIN_TURN_MAX_WAIT_MS,
  LOGIN_WINDOW_MS,
  loginTurnPauseMs,
} from '../../domain/auth-rules'

/**
 * The turns of each account's password checks (issue 27, point 6): one attempt after the other,
 * each turn followed by a pause that grows with the account's attempts in the window
 * (`loginTurnPauseMs`), so that a hundred guesses sent at once from a hundred addresses are checked
 * one by one over minutes instead of all together in seconds. The book of an account is
 * forgotten a window (15 minutes) after its last turn.
 *
 * A turn is taken before the password is checked: a right guess among many sent at once waits
 * its turn like the wrong ones. Times are the app clock's, in milliseconds.
 */
export interface LoginTurns {
  /**
   * The moment this attempt on `account` may check its password, reserved now; or null, nothing
   * reserved, when that moment is further than LOGIN_TURN_MAX_WAIT_MS away (the attempt is refused
   * and may come back: the server holds no request for long).
   */
  take(account: string, now: number): Promise<number | null>
}

/** How many pauses the Redis script is given: beyond the last, the pause stays the same. */
const PAUSES = Array.from({ length: LOGIN_ATTEMPTS_BEFORE_TURNS + 16 }, (_, i) => loginTurnPauseMs(i + 1))
if (PAUSES.at(-1) !== LOGIN_TURN_MAX_MS) throw new Error('the last pause must be the longest')

interface Book {
  /** When the next turn is free. */
  next: number
  /** Turns taken within the window. */
  attempts: number
  /** When the book is forgotten. */
  expires: number
}

/** Accounts whose books one instance keeps at most (guessed accounts need not exist). */
const BOOKS_KEPT = 10_000

/** The books in this instance's memory: for one instance, or while Redis does not answer. */
export function createMemoryTurns(): LoginTurns {
  const books = new Map<string, Book>()
  return {
    async take(account, now) {
      let book = books.get(account)
      if (book && book.expires <= now) book = undefined
      const turn = Math.max(now, book?.next ?? 0)
      if (turn - now > LOGIN_TURN_MAX_WAIT_MS) return null
      const attempts = (book?.attempts ?? 0) + 1
      const next = turn + loginTurnPauseMs(attempts)
      books.delete(account)
      if (books.size >= BOOKS_KEPT) books.delete(books.keys().next().value ?? '')
      // Kept in the order of their last turn: the first one is the one to forget first.
      books.set(account, { next, attempts, expires: next + LOGIN_WINDOW_MS })
      return turn
    },
  }
}

/** The same book in Redis, in one script: every instance takes its turns from it. */
const TAKE_TURN = `
local book = redis.call('HMGET', KEYS[1], 'next', 'attempts')
local now = tonumber(ARGV[1])
local turn = math.max(now, tonumber(book[1]) or 0)
if turn - now > tonumber(ARGV[2]) then return -1 end
local attempts = (tonumber(book[2]) or 0) + 1
local pause = tonumber(ARGV[3 + math.min(attempts, #ARGV - 3)])
local next = turn + pause
redis.call('HSET', KEYS[1], 'next', next, 'attempts', attempts)
redis.call('PEXPIRE', KEYS[1], next - now + tonumber(ARGV[3]))
return turn
`

const REDIS_PREFIX = 'alertes-urbaines:login-turns:'

/**
 * Turns counted in Redis, shared by every instance. While Redis does not answer, each instance
 * keeps its own book (still one turn after the other there), and says so once.
 */
export function createRedisTurns(
  redisUrl: string,
  log: FastifyBaseLogger,
): LoginTurns & { close(): Promise<void> } {
  const redis = new Redis(redisUrl, {
    // Answered at once or not at all: while Redis is away, the instance's own book is used.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  })
  const fallback = createMemoryTurns()
  let reported = false
  redis.on('error', (error) => {
    if (reported) return
    reported = true
    log.warn({ err: error }, 'login turns: Redis unreachable, each instance keeps its own until it answers')
  })
  redis.on('ready', () => {
    reported = false
  })
  return {
    async take(account, now) {
      try {
        const turn = Number(
          await redis.eval(
            TAKE_TURN,
            1,
            `${REDIS_PREFIX}${account}`,
            now,
            LOGIN_TURN_MAX_WAIT_MS,
            LOGIN_WINDOW_MS,
            ...PAUSES,
          ),
        )
        return turn < 0 ? null : turn
      } catch {
        return fallback.take(account, now)
      }
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}
