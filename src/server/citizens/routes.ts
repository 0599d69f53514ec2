import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CODE_LOOKUP_WINDOW_MS,
  CODE_LOOKUPS_PER_ADDRESS,
  citizenNotificationsSchema,
  citizenReportsSchema,
  followedReportSchema,
  followReportSchema,
  resolutionAnswerSchema,
  trackedReportSchema,
  UNKNOWN_CODES_PER_ADDRESS,
} from '../../domain/citizen'
import { anonymousCodeSchema } from '../../domain/report'
import { CITIZEN_TOKEN_HEADER } from '../../domain/report-filing'
import { AppError } from '../errors'
import { clientAddressKey, createAttemptCounter, limitPerAddress } from '../http/rate-limits'
import type { ResolutionAnswerKind } from '../reports/lifecycle'
import { currentDevice, deviceFor, requireDeviceToken, saveDevice } from './device'
import {
  followReport,
  markNotificationsRead,
  notificationsOfDevice,
  reportIdByCode,
  reportsOfDevice,
  trackReport,
} from './repository'

const deviceHeaders = z.looseObject({ [CITIZEN_TOKEN_HEADER]: z.string().optional() })

function parseCode(raw: string): string {
  const parsed = anonymousCodeSchema.safeParse(raw)
  if (!parsed.success) throw new AppError('invalid_input', { reason: 'tracking.invalidCode', field: 'code' })
  return parsed.data
}

export const citizenRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db.db
  const lookupLimit = limitPerAddress(
    CODE_LOOKUPS_PER_ADDRESS,
    CODE_LOOKUP_WINDOW_MS,
    'tracking.tooManyCodes',
  )
  const unknownCodes = createAttemptCounter(app, {
    name: 'unknown-code',
    max: UNKNOWN_CODES_PER_ADDRESS,
    windowMs: CODE_LOOKUP_WINDOW_MS,
    key: (request) => clientAddressKey(request.ip),
  })
  /** The report of a code, counting an unknown code against the address's smaller budget. */
  async function lookUpCode<T>(request: FastifyRequest, find: () => Promise<T | undefined>): Promise<T> {
    if (await unknownCodes.isExhausted(request)) {
      throw new AppError('too_many_requests', { reason: 'tracking.tooManyCodes' })
    }
    const found = await find()
    if (found !== undefined) return found
    await unknownCodes.record(request)
    throw new AppError('not_found', { reason: 'tracking.notFound' })
  }

  app.get(
    '/api/citizen/reports',
    {
      onRequest: requireDeviceToken,
      schema: {
        tags: ['citizen'],
        summary: 'Les signalements de cet appareil, avec leur historique',
        headers: deviceHeaders,
        response: { 200: citizenReportsSchema },
      },
    },
    async (request) => ({
      items: await reportsOfDevice(db(), currentDevice(request), app.deps.clock.now()),
    }),
  )

  app.get(
    '/api/citizen/notifications',
    {
      onRequest: requireDeviceToken,
      schema: {
        tags: ['citizen'],
        summary: 'Les messages des organisations sur les signalements de cet appareil',
        headers: deviceHeaders,
        response: { 200: citizenNotificationsSchema },
      },
    },
    (request) => notificationsOfDevice(db(), currentDevice(request)),
  )

  app.post(
    '/api/citizen/notifications/read',
    {
      onRequest: requireDeviceToken,
      schema: { tags: ['citizen'], summary: 'Marquer les messages comme lus', headers: deviceHeaders },
    },
    async (request, reply) => {
      await markNotificationsRead(db(), currentDevice(request), app.deps.clock.now())
      return reply.status(204).send()
    },
  )

  app.post(
    '/api/citizen/follows',
    {
      config: lookupLimit,
      schema: {
        tags: ['citizen'],
        summary: 'Suivre un signalement par son code sur cet appareil',
        headers: deviceHeaders,
        body: followReportSchema,
        response: { 201: followedReportSchema },
      },
    },
    async (request, reply) => {
      const code = parseCode(request.body.code)
      const reportId = await lookUpCode(request, () => reportIdByCode(db(), code))
      const device = deviceFor(request.headers[CITIZEN_TOKEN_HEADER])
      await db().transaction(async (tx) => {
        await saveDevice(tx, device, app.deps.clock.now())
        await followReport(tx, device.hash, reportId)
      })
      return reply.status(201).send({ citizenToken: device.token, report_id: reportId })
    },
  )

  // "Est-ce réglé ?": the device that filed a resolved report says yes, or reopens it.
  const answers: { path: string; answer: ResolutionAnswerKind; summary: string }[] = [
    { path: 'confirm', answer: 'confirm', summary: 'Confirmer qu’un signalement résolu est bien réglé' },
    {
      path: 'reopen',
      answer: 'reopen',
      summary: 'Rouvrir un signalement résolu qui ne l’est pas (une fois, sous 30 jours)',
    },
  ]
  for (const { path, answer, summary } of answers) {
    app.post(
      `/api/citizen/reports/:id/${path}`,
      {
        onRequest: requireDeviceToken,
        schema: {
          tags: ['citizen'],
          summary,
          headers: deviceHeaders,
          params: z.object({ id: z.uuid() }),
          response: { 200: resolutionAnswerSchema },
        },
      },
      (request) => app.lifecycle.answerResolution(currentDevice(request), request.params.id, answer),
    )
  }

  app.get(
    '/api/reports/track/:code',
    {
      config: lookupLimit,
      schema: {
        tags: ['public'],
        summary: 'Statut public d’un signalement par son code',
        params: z.object({ code: z.string().max(20) }),
        response: { 200: trackedReportSchema },
      },
    },
    async (request) => {
      const code = parseCode(request.params.code)
      return lookUpCode(request, () => trackReport(db(), code))
    },
  )
}
