import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type EventType,
  LIVE_STREAM_RECHECK_MS,
  LIVE_STREAM_TICKET_TTL_S,
  LIVE_STREAMS_PER_ADDRESS,
  type LiveEvent,
  liveStreamTicketSchema,
} from '../../domain/events'
import { CITIZEN_TOKEN_HEADER } from '../../domain/report-filing'
import type { AccessSession } from '../auth/access-tokens'
import { bearerToken, requirePrincipal } from '../auth/guards'
import { accessSessionOf } from '../auth/principals'
import { currentDevice, requireDeviceToken } from '../citizens/device'
import { categoryOrganizations } from '../db/schema'
import { AppError } from '../errors'
import { clientAddressKey } from '../http/rate-limits'
import { type BusEvent, INTERNAL_EVENT_TYPES } from './event-bus'
import { issueTicket, type TicketHolder, takeTicket } from './tickets'

const KEEP_ALIVE_MS = 25_000

type Audience =
  | { kind: 'public' }
  | { kind: 'device'; hash: string }
  | { kind: 'admin' }
  | { kind: 'organization'; id: string; memberId: string; categoryIds: Set<number> }

/** Whether this subscriber may know of this event (DESIGN.md section 7). */
export function mayReceive(audience: Audience, event: BusEvent): event is BusEvent & { type: EventType } {
  if ((INTERNAL_EVENT_TYPES as readonly string[]).includes(event.type)) return false
  // A member's own news: not even the administrators hear it.
  if (event.type === 'reports.handed-over')
    return audience.kind === 'organization' && event.assigneeId === audience.memberId
  switch (audience.kind) {
    case 'admin':
      return true
    case 'public':
      return event.type === 'reports.changed'
    case 'device':
      // A message is written to the device that filed the report, not to those that follow it.
      if (event.type === 'notifications.created') return event.reporterHash === audience.hash
      return event.type !== 'organizations.changed' && (event.deviceHashes ?? []).includes(audience.hash)
    case 'organization': {
      if (event.type === 'organizations.changed') return event.organizationId === audience.id
      const concernsIt = event.organizationId === audience.id || event.previousOrganizationId === audience.id
      if (event.type === 'notifications.created') return concernsIt
      return concernsIt || (event.categoryId !== undefined && audience.categoryIds.has(event.categoryId))
    }
  }
}

/**
 * Guard of the ticket route: a signed-in session (its access token, in the Authorization header)
 * or a device the server knows (its token, in X-Citizen-Token), as their other routes take them;
 * 401 for anything else, before the request is read.
 */
async function requireStreamHolder(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (bearerToken(request) !== undefined) await requirePrincipal(request)
  else await requireDeviceToken(request, reply)
}

/** The holder of the caller of a route guarded by `requireStreamHolder`. */
function streamHolderOf(request: FastifyRequest): TicketHolder {
  if (!request.principal) return { kind: 'device', hash: currentDevice(request) }
  const session = accessSessionOf(request.principal)
  if (!session) throw new AppError('not_authenticated')
  return { kind: 'session', session }
}

/**
 * The credentials a stream's address took before tickets (issue 47): refused rather than ignored,
 * so that an app from before hears why its stream does not open.
 */
const CREDENTIALS_IN_ADDRESS = ['token', 'citizenToken']

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams never go idle: they are ended before the server closes, or it would wait on them.
  const openStreams = new Set<() => void>()
  app.addHook('preClose', async () => {
    for (const end of openStreams) end()
  })

  /** Who a stream is for: the holder of its ticket, spent here, or the public without one. */
  async function audienceOf(
    ticket: string | undefined,
  ): Promise<{ audience: Audience; session?: AccessSession }> {
    if (ticket === undefined) return { audience: { kind: 'public' } }
    const holder = await takeTicket(app.deps.db.db, ticket, app.deps.clock.now())
    if (!holder) throw new AppError('not_authenticated', { reason: 'liveEvents.ticketNotValid' })
    if (holder.kind === 'device') return { audience: { kind: 'device', hash: holder.hash } }
    // The session may have ended between the ticket and the stream.
    const principal = await app.auth.principalOfSession(holder.session)
    if (!principal) throw new AppError('not_authenticated')
    if (principal.type === 'admin') return { audience: { kind: 'admin' }, session: holder.session }
    const rows = await app.deps.db.db
      .select({ id: categoryOrganizations.categorie_id })
      .from(categoryOrganizations)
      .where(eq(categoryOrganizations.organization_id, principal.organization.id))
    return {
      audience: {
        kind: 'organization',
        id: principal.organization.id,
        memberId: principal.member.id,
        categoryIds: new Set(rows.map((r) => r.id)),
      },
      session: holder.session,
    }
  }

  // Streams open per client address: a stream holds a connection for as long as it lasts.
  const streamsPerAddress = new Map<string, number>()

  async function stillAllowed(session: AccessSession): Promise<boolean> {
    try {
      return (await app.auth.principalOfSession(session)) !== null
    } catch (error) {
      app.log.warn({ err: error }, 'live events: could not check a subscriber')
      return true
    }
  }

  app.post(
    '/api/events/ticket',
    {
      onRequest: requireStreamHolder,
      schema: {
        tags: ['public'],
        summary: 'Un ticket pour ouvrir une fois le direct, dans la minute, sans jeton dans son adresse',
        headers: z.looseObject({ [CITIZEN_TOKEN_HEADER]: z.string().optional() }),
        response: { 200: liveStreamTicketSchema },
      },
    },
    async (request) => ({
      ticket: await issueTicket(app.deps.db.db, streamHolderOf(request), app.deps.clock.now()),
      expiresIn: LIVE_STREAM_TICKET_TTL_S,
    }),
  )

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['public'],
        summary: 'Mises à jour en direct (server-sent events), pour le détenteur d’un ticket ou le public',
        querystring: z.looseObject({ ticket: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      if (CREDENTIALS_IN_ADDRESS.some((name) => name in request.query)) {
        throw new AppError('invalid_input', { reason: 'liveEvents.credentialInAddress' })
      }
      const address = clientAddressKey(request.ip)
      const open = streamsPerAddress.get(address) ?? 0
      if (open >= LIVE_STREAMS_PER_ADDRESS) {
        throw new AppError('too_many_requests', { reason: 'liveEvents.tooManyStreams' })
      }
      const { audience, session } = await audienceOf(request.query.ticket)
      streamsPerAddress.set(address, open + 1)
      reply.hijack()
      const res = reply.raw
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
        // Tells nginx not to buffer the stream.
        'x-accel-buffering': 'no',
      })
      res.write('retry: 5000\n\n')
      const unsubscribe = app.events.subscribe((event) => {
        if (!mayReceive(audience, event)) return
        const sent: LiveEvent = { type: event.type, reportId: event.reportId }
        if (audience.kind === 'admin' || audience.kind === 'organization')
          sent.organizationId = event.organizationId
        if (event.type === 'reports.handed-over') sent.category = event.category
        res.write(`event: ${event.type}\ndata: ${JSON.stringify(sent)}\n\n`)
        // A suspended or rejected organisation stops hearing at once, like its tokens stop working.
        if (audience.kind === 'organization' && event.type === 'organizations.changed' && session) {
          void stillAllowed(session).then((allowed) => {
            if (!allowed) end()
          })
        }
      })
      const keepAlive = setInterval(() => res.write(': ping\n\n'), KEEP_ALIVE_MS)
      // A signed-in stream lasts only as long as the access token its ticket was asked with: a
      // deactivated account, an ended session or the token's expiry ends it at the next check.
      const recheck = session
        ? setInterval(() => {
            void stillAllowed(session).then((allowed) => {
              if (!allowed) end()
            })
          }, LIVE_STREAM_RECHECK_MS)
        : undefined
      let ended = false
      const end = () => {
        if (ended) return
        ended = true
        clearInterval(keepAlive)
        clearInterval(recheck)
        unsubscribe()
        openStreams.delete(end)
        const left = (streamsPerAddress.get(address) ?? 1) - 1
        if (left > 0) streamsPerAddress.set(address, left)
        else streamsPerAddress.delete(address)
        res.end()
      }
      openStreams.add(end)
      request.raw.on('close', end)
    },
  )
}
