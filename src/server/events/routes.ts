import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type EventType,
  LIVE_STREAM_RECHECK_MS,
  LIVE_STREAMS_PER_ADDRESS,
  type LiveEvent,
} from '../../domain/events'
import type { Principal } from '../auth/principals'
import { requireDevice } from '../citizens/device'
import { categoryOrganizations } from '../db/schema'
import { AppError } from '../errors'
import { clientAddressKey } from '../http/rate-limits'
import { type BusEvent, INTERNAL_EVENT_TYPES } from './event-bus'

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

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Open streams never go idle: they are ended before the server closes, or it would wait on them.
  const openStreams = new Set<() => void>()
  app.addHook('preClose', async () => {
    for (const end of openStreams) end()
  })

  async function audienceOf(query: { token?: string; citizenToken?: string }): Promise<Audience> {
    if (query.token) {
      const principal: Principal | null = await app.auth.authenticate(query.token)
      if (!principal) throw new AppError('not_authenticated')
      if (principal.type === 'admin') return { kind: 'admin' }
      const rows = await app.deps.db.db
        .select({ id: categoryOrganizations.categorie_id })
        .from(categoryOrganizations)
        .where(eq(categoryOrganizations.organization_id, principal.organization.id))
      return {
        kind: 'organization',
        id: principal.organization.id,
        memberId: principal.member.id,
        categoryIds: new Set(rows.map((r) => r.id)),
      }
    }
    if (query.citizenToken)
      return { kind: 'device', hash: await requireDevice(app.deps.db.db, query.citizenToken) }
    return { kind: 'public' }
  }

  // Streams open per client address: a stream holds a connection for as long as it lasts.
  const streamsPerAddress = new Map<string, number>()

  async function stillAllowed(token: string): Promise<boolean> {
    try {
      return (await app.auth.authenticate(token)) !== null
    } catch (error) {
      app.log.warn({ err: error }, 'live events: could not check a subscriber')
      return true
    }
  }

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['public'],
        summary: 'Mises à jour en direct (server-sent events)',
        querystring: z.object({
          token: z.string().max(2000).optional(),
          citizenToken: z.string().max(100).optional(),
        }),
      },
    },
    async (request, reply) => {
      const address = clientAddressKey(request.ip)
      const open = streamsPerAddress.get(address) ?? 0
      if (open >= LIVE_STREAMS_PER_ADDRESS) {
        throw new AppError('too_many_requests', { reason: 'liveEvents.tooManyStreams' })
      }
      const audience = await audienceOf(request.query)
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
        if (
          audience.kind === 'organization' &&
          event.type === 'organizations.changed' &&
          request.query.token
        ) {
          void stillAllowed(request.query.token).then((allowed) => {
            if (!allowed) end()
          })
        }
      })
      const keepAlive = setInterval(() => res.write(': ping\n\n'), KEEP_ALIVE_MS)
      // A signed-in stream lasts only as long as its session: a deactivated account, or a token
      // that expired, ends it at the next check.
      const { token } = request.query
      const recheck = token
        ? setInterval(() => {
            void stillAllowed(token).then((allowed) => {
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
