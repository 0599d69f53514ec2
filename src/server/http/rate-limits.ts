import { isIPv6 } from 'node:net'
import rateLimit from '@fastify/rate-limit'
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { Address6 } from 'ip-address'
import type { MessageReason } from '../../domain/messages'
import { AppError } from '../errors'

/**
 * Every rate limit of the app, counted by @fastify/rate-limit: in memory (one instance), or in
 * Redis when REDIS_URL is set, so that instances behind one load balancer share one budget.
 * Route limits are declared on their routes (`config.rateLimit`); what a route limit cannot
 * count (failed logins, unknown codes) goes through `createAttemptCounter`, on the same store.
 */

/** Prefix of every key this app writes in Redis. */
const REDIS_NAMESPACE = 'alertes-urbaines:limits:'

/**
 * The key of a client's address. An IPv6 client is counted by its /64, the network one subscriber
 * gets (the rate-limit plugin groups route limits the same way); IPv4 addresses as they are, even
 * though carrier-grade NAT puts many phones behind one (docs/security.md).
 */
export function clientAddressKey(ip: string): string {
  if (!isIPv6(ip)) return ip
  const address = new Address6(ip)
  if (address.is4()) return address.to4().correctForm()
  return new Address6(`${address.correctForm()}/64`).startAddress().correctForm()
}

/** How long the start waits for Redis before serving without it (it connects later). */
const REDIS_START_WAIT_MS = 3000

/**
 * The Redis client of the limits, once connected (or once the start has waited long enough), or
 * undefined for counting in memory.
 */
export async function openLimitStore(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<Redis | undefined> {
  if (!redisUrl) return undefined
  const redis = new Redis(redisUrl, {
    // A limit is answered at once or not at all: while Redis is away, requests are not held in
    // a queue, they pass unlimited (skipOnError) and the outage is logged.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  })
  let reported = false
  redis.on('error', (error) => {
    if (reported) return
    reported = true
    log.warn({ err: error }, 'rate limits: Redis unreachable, requests pass unlimited until it answers')
  })
  redis.on('ready', () => {
    reported = false
  })
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_START_WAIT_MS)
    redis.once('ready', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  return redis
}

export async function installRateLimits(app: FastifyInstance, redis: Redis | undefined) {
  // Limits are set per route: by default the plugin would also limit static files.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => clientAddressKey(request.ip),
    skipOnError: true,
    ...(redis ? { redis, nameSpace: REDIS_NAMESPACE } : {}),
  })
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())))
}

export interface AttemptCounter {
  /** How many attempts the request's key made within the window. */
  count(request: FastifyRequest): Promise<number>
  /** Whether the request's key has used its whole budget. */
  isExhausted(request: FastifyRequest): Promise<boolean>
  /** Counts one more attempt for the request's key. */
  record(request: FastifyRequest): Promise<void>
}

/** A budget of attempts within a window, per key: kept where the route limits are kept. */
export function createAttemptCounter(
  app: FastifyInstance,
  options: { name: string; max: number; windowMs: number; key: (request: FastifyRequest) => string },
): AttemptCounter {
  // Counters made with createRateLimit share one key space in Redis: the name keeps them apart.
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${options.name}:${options.key(request)}`,
  })
  const count = async (request: FastifyRequest) => {
    const state = await limiter(request, { increment: false })
    return state.isAllowed ? 0 : state.max - state.remaining
  }
  return {
    count,
    isExhausted: async (request) => (await count(request)) >= options.max,
    async record(request) {
      await limiter(request)
    },
  }
}

/**
 * A route's limit per client address (`config` of the route), answered 429 with the domain's
 * message of that reason; counted in Redis when instances share it.
 */
export function limitPerAddress(max: number, windowMs: number, reason: MessageReason) {
  return {
    rateLimit: {
      max,
      timeWindow: windowMs,
      errorResponseBuilder: () => new AppError('too_many_requests', { reason }),
    },
  }
}
