import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { nearbyQuerySchema, nearbyReportsSchema, supportedReportSchema } from '../../domain/citizen'
import { SUPPORTS_PER_ADDRESS, SUPPORTS_RATE_WINDOW_MS } from '../../domain/citizen-actions'
import { CITIZEN_TOKEN_HEADER } from '../../domain/report-filing'
import { deviceFor, hashCitizenToken } from '../citizens/device'
import { isSerialId } from '../db/database'
import { limitPerAddress } from '../http/rate-limits'
import { nearbyOpenReports } from './supports-repository'

const deviceHeaders = z.looseObject({ [CITIZEN_TOKEN_HEADER]: z.string().max(100).optional() })

/** "Moi aussi": the open reports around a place, and a device's support for one of them. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db.db

  app.get(
    '/api/reports/nearby',
    {
      schema: {
        tags: ['public'],
        summary: 'Signalements ouverts de la même catégorie à moins de 100 m (« Moi aussi »)',
        headers: deviceHeaders,
        querystring: nearbyQuerySchema,
        response: { 200: nearbyReportsSchema },
      },
    },
    async (request) => {
      if (!isSerialId(request.query.categoryId)) return { items: [] }
      // A read: a token is only used to say which reports this device already filed or supports.
      const token = request.headers[CITIZEN_TOKEN_HEADER]
      return { items: await nearbyOpenReports(db(), request.query, token ? hashCitizenToken(token) : null) }
    },
  )

  app.post(
    '/api/reports/:id/supports',
    {
      config: limitPerAddress(SUPPORTS_PER_ADDRESS, SUPPORTS_RATE_WINDOW_MS, 'support.tooMany'),
      schema: {
        tags: ['public'],
        summary: '« C’est le même problème » : le soutien de cet appareil (une fois par appareil)',
        headers: deviceHeaders,
        params: z.object({ id: z.uuid() }),
        response: { 201: supportedReportSchema },
      },
    },
    async (request, reply) => {
      // As when filing: the device's own token, or a new one for an app that sent none.
      const device = deviceFor(request.headers[CITIZEN_TOKEN_HEADER])
      const supporters = await app.lifecycle.support(device, request.params.id)
      return reply
        .status(201)
        .send({ citizenToken: device.token, report_id: request.params.id, supporters_count: supporters })
    },
  )
}
