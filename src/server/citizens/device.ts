import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CITIZEN_TOKEN_HEADER } from '../../domain/report-filing'
import type { Db } from '../db/database'
import { citizenDevices } from '../db/schema'
import { AppError } from '../errors'

declare module 'fastify' {
  interface FastifyRequest {
    /** The hash of the device behind a route guarded by `requireDeviceToken`. */
    citizenDevice: string | null
  }
}

/** 32 random bytes, base64url: what a device mints, keeps and sends in X-Citizen-Token. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function newCitizenToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only this hash is stored: a leaked database does not let anyone act as a device. */
export function hashCitizenToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function unknownDevice() {
  return new AppError('not_authenticated', { reason: 'filing.unknownDevice' })
}

/** The hash of a device the server knows (it filed, followed or supported); anything else is refused with 401. */
export async function requireDevice(db: Db, token: string | undefined): Promise<string> {
  if (!token || !TOKEN_PATTERN.test(token)) throw unknownDevice()
  const hash = hashCitizenToken(token)
  const [device] = await db.select().from(citizenDevices).where(eq(citizenDevices.token_hash, hash))
  if (!device) throw unknownDevice()
  return hash
}

/**
 * Guard (`onRequest`) of a device's own routes: a token the server knows, or 401 before the
 * request's input is read.
 */
export async function requireDeviceToken(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = request.headers[CITIZEN_TOKEN_HEADER]
  request.citizenDevice = await requireDevice(
    request.server.deps.db.db,
    Array.isArray(token) ? token[0] : token,
  )
}

/** The device of a route guarded by `requireDeviceToken`. */
export function currentDevice(request: FastifyRequest): string {
  if (!request.citizenDevice) throw unknownDevice()
  return request.citizenDevice
}

/** A device as a request names it: the token it holds and the hash the server keeps. */
export interface Device {
  token: string
  hash: string
}

/**
 * The device behind a request that may come from a new device (a filing, a follow, a support).
 * A device mints its own token and sends it the first time: a well-formed token the server has
 * not seen yet is that device, new (recorded by `saveDevice` in the caller's transaction). A
 * request without a token, from a version of the app before devices minted their own, gets a new
 * token: the server never hands out a token it knew before.
 */
export function deviceFor(token: string | undefined): Device {
  if (token === undefined) {
    const fresh = newCitizenToken()
    return { token: fresh, hash: hashCitizenToken(fresh) }
  }
  if (!TOKEN_PATTERN.test(token)) throw unknownDevice()
  return { token, hash: hashCitizenToken(token) }
}

/** Records the device, or when it was last seen; two first filings of one device at once make one row. */
export async function saveDevice(db: Db, device: Pick<Device, 'hash'>, now: Date): Promise<void> {
  await db
    .insert(citizenDevices)
    .values({ token_hash: device.hash, created_at: now.toISOString(), last_seen_at: now.toISOString() })
    .onConflictDoUpdate({ target: citizenDevices.token_hash, set: { last_seen_at: now.toISOString() } })
}
