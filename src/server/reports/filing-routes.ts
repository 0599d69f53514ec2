import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  CITIZEN_TOKEN_HEADER,
  createdReportSchema,
  REPORTS_PER_ADDRESS,
  REPORTS_RATE_WINDOW_MS,
  reportFieldsSchema,
} from '../../domain/report-filing'
import { headerValue, idempotencyKeyOf } from '../http/idempotency-key'
import { readMultipart } from '../http/multipart'
import { limitPerAddress } from '../http/rate-limits'
import { parseOrThrow } from '../http/validation'
import { supportRoutes } from './supports-routes'

export const reportFilingRoutes: FastifyPluginAsyncZod = async (app) => {
  // "Moi aussi" instead of a second report of the same problem.
  await app.register(supportRoutes)

  app.post(
    '/api/reports',
    {
      config: limitPerAddress(REPORTS_PER_ADDRESS, REPORTS_RATE_WINDOW_MS, 'filing.tooManyReports'),
      schema: {
        tags: ['public'],
        summary: 'Déposer un signalement (multipart : champs, photo, audio)',
        consumes: ['multipart/form-data'],
        response: { 201: createdReportSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['photo', 'audio'])
      const fields = parseOrThrow(reportFieldsSchema, form.fields)
      const idempotencyKey = idempotencyKeyOf(request)
      const created = await app.lifecycle.file({
        fields,
        photo: form.files.photo,
        audio: form.files.audio,
        citizenToken: headerValue(request.headers[CITIZEN_TOKEN_HEADER]),
        idempotencyKey,
      })
      return reply.status(201).send(created)
    },
  )
}
