import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { mapReportsSchema } from '../../domain/map'
import {
  ownOrganizationSchema,
  SIGNUP_RATE_WINDOW_MS,
  SIGNUPS_PER_ADDRESS,
  signupSchema,
  updateProfileSchema,
} from '../../domain/organization'
import {
  availableReportsMapQuerySchema,
  availableReportsQuerySchema,
  managedReportsMapQuerySchema,
  managedReportsQuerySchema,
  organizationReportDetailSchema,
  organizationReportPageSchema,
  organizationReportSchema,
  organizationStatsSchema,
  sendNotificationSchema,
  sentNotificationSchema,
  sentNotificationsSchema,
  updateManagedReportSchema,
} from '../../domain/organization-space'
import { resolutionPhotoSchema } from '../../domain/report'
import { resolutionFieldsSchema } from '../../domain/team'
import { confirmOwnLoginChange } from '../auth/current-password'
import {
  currentMember,
  currentOrganization,
  organizationActorOf,
  requireOrganization,
  requireResponsable,
} from '../auth/guards'
import { teamHistoryOf } from '../citizens/repository'
import { AppError } from '../errors'
import { idempotencyKeyOf } from '../http/idempotency-key'
import { readMultipart } from '../http/multipart'
import { limitPerAddress } from '../http/rate-limits'
import { parseOrThrow } from '../http/validation'
import {
  availableReports,
  availableReportsInBox,
  managedReports,
  managedReportsInBox,
  organizationStats,
  ownOrganization,
  sentNotifications,
  visibleReport,
} from './repository'

const reportParams = z.object({ id: z.uuid() })

/** The moment the lists judge lateness from, when `?overdue=1` asks for the late reports only. */
function lateAtIf(overdue: unknown, at: Date): Date | undefined {
  return overdue === undefined ? undefined : at
}

export const organizationSignupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/organizations/signup',
    {
      config: limitPerAddress(SIGNUPS_PER_ADDRESS, SIGNUP_RATE_WINDOW_MS, 'signup.tooManySignups'),
      schema: {
        tags: ['public'],
        summary: 'Inscription d’une organisation (en attente d’approbation)',
        body: signupSchema,
        response: { 201: z.object({ id: z.string(), status: z.string() }) },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await app.organizationChanges.signUp(request.body))
    },
  )
}

/** The organisation space: every route needs an approved, active organisation. */
export const organizationSpaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireOrganization)
  const db = () => app.deps.db.db
  const now = () => app.deps.clock.now()
  const tags = ['organization']

  app.get('/api/org/me', { schema: { tags, response: { 200: ownOrganizationSchema } } }, (request) =>
    ownOrganization(db(), currentMember(request)),
  )

  app.patch(
    '/api/org/me',
    {
      onRequest: requireResponsable,
      schema: { tags, body: updateProfileSchema, response: { 200: ownOrganizationSchema } },
    },
    async (request, reply) => {
      const { organization, member } = currentMember(request)
      const { currentPassword: _, ...changes } = request.body
      // A new e-mail asks for the current password: a stolen session must not take the account.
      await confirmOwnLoginChange(request, reply, request.body)
      await app.organizationChanges.updateProfile(organization.id, member, changes)
      return ownOrganization(db(), currentMember(request))
    },
  )

  app.get('/api/org/stats', { schema: { tags, response: { 200: organizationStatsSchema } } }, (request) =>
    organizationStats(db(), currentOrganization(request).id),
  )

  app.get(
    '/api/org/reports/available',
    {
      schema: {
        tags,
        querystring: availableReportsQuerySchema,
        response: { 200: organizationReportPageSchema },
      },
    },
    (request) => {
      const { q, overdue, page, after, before } = request.query
      return availableReports(
        db(),
        app.readCache,
        now(),
        currentOrganization(request).id,
        { q, overdue: overdue !== undefined },
        page,
        { after, before },
      )
    },
  )

  app.get(
    '/api/org/reports/managed',
    {
      schema: {
        tags,
        querystring: managedReportsQuerySchema,
        response: { 200: organizationReportPageSchema },
      },
    },
    (request) => {
      const { organization, member } = currentMember(request)
      const { overdue, ...filters } = request.query
      const at = now()
      return managedReports(
        db(),
        at,
        organization.id,
        { ...filters, askedBy: member.id, lateAt: lateAtIf(overdue, at) },
        request.query.page,
      )
    },
  )

  app.get(
    '/api/org/reports/available/map',
    { schema: { tags, querystring: availableReportsMapQuerySchema, response: { 200: mapReportsSchema } } },
    (request) => {
      const { q, overdue, bbox } = request.query
      const lateAt = lateAtIf(overdue, now())
      return availableReportsInBox(db(), currentOrganization(request).id, { q, lateAt }, bbox)
    },
  )

  app.get(
    '/api/org/reports/managed/map',
    { schema: { tags, querystring: managedReportsMapQuerySchema, response: { 200: mapReportsSchema } } },
    (request) => {
      const { overdue, bbox, ...filters } = request.query
      const lateAt = lateAtIf(overdue, now())
      return managedReportsInBox(
        db(),
        currentOrganization(request).id,
        { ...filters, askedBy: currentMember(request).member.id, lateAt },
        bbox,
      )
    },
  )

  app.get(
    '/api/org/reports/:id',
    { schema: { tags, params: reportParams, response: { 200: organizationReportDetailSchema } } },
    async (request) => {
      const report = await visibleReport(db(), now(), currentOrganization(request).id, request.params.id)
      return { ...report, history: await teamHistoryOf(db(), report.id) }
    },
  )

  app.post(
    '/api/org/reports/:id/claim',
    { schema: { tags, params: reportParams, response: { 200: organizationReportSchema } } },
    async (request) => {
      const by = organizationActorOf(request)
      await app.lifecycle.claim(by, request.params.id)
      return visibleReport(db(), now(), by.organizationId, request.params.id)
    },
  )

  app.patch(
    '/api/org/reports/:id',
    {
      schema: {
        tags,
        params: reportParams,
        body: updateManagedReportSchema,
        response: { 200: organizationReportSchema },
      },
    },
    async (request) => {
      const { id } = request.params
      const { status, assignee_id: assigneeId } = request.body
      const by = organizationActorOf(request)
      await app.lifecycle.changeByOrganization(by, id, { status, assigneeId }, idempotencyKeyOf(request))
      return visibleReport(db(), now(), by.organizationId, id)
    },
  )

  app.post(
    '/api/org/reports/:id/notifications',
    {
      schema: {
        tags,
        params: reportParams,
        body: sendNotificationSchema,
        response: { 201: sentNotificationSchema },
      },
    },
    async (request, reply) => {
      const sent = await app.lifecycle.sendMessage(
        organizationActorOf(request),
        request.params.id,
        request.body,
        idempotencyKeyOf(request),
      )
      return reply.status(201).send(sent)
    },
  )

  app.post(
    '/api/org/reports/:id/resolution',
    {
      schema: {
        tags,
        summary: 'Photo après intervention (multipart : photo, note)',
        consumes: ['multipart/form-data'],
        params: reportParams,
        response: { 201: resolutionPhotoSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['photo'], 'team.resolutionOnePhoto')
      const { note } = parseOrThrow(resolutionFieldsSchema, form.fields)
      const { photo } = form.files
      if (!photo)
        throw new AppError('invalid_input', { reason: 'team.resolutionPhotoRequired', field: 'photo' })
      const resolution = await app.lifecycle.addResolutionPhoto(
        organizationActorOf(request),
        request.params.id,
        { photo, note },
        idempotencyKeyOf(request),
      )
      return reply.status(201).send(resolution)
    },
  )

  app.get(
    '/api/org/notifications',
    { schema: { tags, response: { 200: sentNotificationsSchema } } },
    async (request) => ({
      items: await sentNotifications(db(), currentOrganization(request).id),
    }),
  )
}
