import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type AdminReport,
  type AdminReportFilters,
  adminCategoriesSchema,
  adminCategorySchema,
  adminOrganizationDetailSchema,
  adminOrganizationPageSchema,
  adminOrganizationsQuerySchema,
  adminReportDetailSchema,
  adminReportFiltersSchema,
  adminReportPageSchema,
  adminReportsQuerySchema,
  adminStatsSchema,
  adminUserSchema,
  adminUsersSchema,
  categoryChangeSchema,
  categoryInputSchema,
  createAdminUserSchema,
  eligibleOrganizationsSchema,
  exportLinkSchema,
  REPORT_EXPORT_COLUMNS,
  updateAdminOrganizationSchema,
  updateAdminReportSchema,
  updateAdminUserSchema,
} from '../../domain/admin'
import { AREA_MESSAGES } from '../../domain/area-rules'
import { OVERDUE_KINDS, type OverdueKind } from '../../domain/overdue'
import { REPORT_PRIORITIES, REPORT_STATUSES } from '../../domain/report-states'
import { confirmOwnLoginChange } from '../auth/current-password'
import { currentAdmin, requireAdmin } from '../auth/guards'
import { loadPrincipal, mayAct } from '../auth/principals'
import { type Db, SERIAL_ID_MAX } from '../db/database'
import { AppError } from '../errors'
import { createMediaLinks, type MediaLinks, withAdminMediaLinks } from '../files/media-access'
import { csvTable, sendStreamed } from '../http/csv'
import { listAdminCategories } from './categories-repository'
import { createExportLinks, type ExportGrant, type ExportLinks } from './export-link'
import { adminOrganization, eligibleOrganizations, listAdminOrganizations } from './organizations-repository'
import { adminReportDetail, adminStats, exportRows, listAdminReports } from './reports-repository'
import { createAdminUser, listAdminUsers, updateAdminUser } from './users-repository'

const uuidParams = z.object({ id: z.uuid() })
const categoryParams = z.object({ id: z.coerce.number().int().positive().max(SERIAL_ID_MAX) })

// The token goes in the query: a signed token is longer than Fastify lets a path parameter be.
const EXPORT_DOWNLOAD_PATH = '/api/admin/reports/export-download'

const reportsCsv = csvTable(REPORT_EXPORT_COLUMNS, {
  status: (value) => REPORT_STATUSES[value as keyof typeof REPORT_STATUSES]?.label ?? value,
  priority: (value) => REPORT_PRIORITIES[value as keyof typeof REPORT_PRIORITIES]?.label ?? value,
  area: (value) => value ?? AREA_MESSAGES.outsideDepartment,
  overdue: (value) => (value ? OVERDUE_KINDS[value as OverdueKind].label : ''),
})

/** Streams the matching reports as CSV, read from the database in batches: memory stays flat. */
function sendReportsCsv(reply: FastifyReply, db: Db, filters: AdminReportFilters, now: Date) {
  const batches = exportRows(db, filters, now)
  const lines = async function* () {
    yield reportsCsv.header()
    for await (const batch of batches) yield reportsCsv.lines(batch)
  }
  const day = now.toISOString().slice(0, 10)
  return sendStreamed(reply, 'text/csv; charset=utf-8', `signalements-${day}.csv`, lines())
}

/**
 * The back-office: every route needs an active super administrator, by the bearer token or, for
 * the CSV download only, by a signed link that one of them asked for a minute ago.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const exportLinks = createExportLinks(app.deps.config.jwtSecret)
  // A rejected report's files are served to administrators through links signed for each.
  const mediaLinks = createMediaLinks(app.deps.config.jwtSecret)
  // Two sibling scopes: the bearer guard of the first does not apply to the second.
  await app.register(guardedAdminRoutes(exportLinks, mediaLinks))
  await app.register(exportDownloadRoutes(exportLinks))
}

function exportDownloadRoutes(exportLinks: ExportLinks): FastifyPluginAsyncZod {
  return async (app) => {
    // Checked in onRequest, before the query is validated, like every other guard.
    const grants = new WeakMap<FastifyRequest, ExportGrant>()
    app.get(
      EXPORT_DOWNLOAD_PATH,
      {
        async onRequest(request) {
          const { token } = request.query as { token?: unknown }
          const grant =
            typeof token === 'string' ? await exportLinks.verify(token, app.deps.clock.now()) : null
          const principal = grant ? await loadPrincipal(app.deps.db.db, 'admin', grant.adminId) : null
          // The administrator may have been deactivated since asking for the link.
          if (!grant || !principal || !mayAct(principal)) throw new AppError('not_authenticated')
          grants.set(request, grant)
        },
        schema: {
          tags: ['admin'],
          summary: 'Télécharge l’export CSV d’un lien signé (valable une minute)',
          querystring: z.object({ token: z.string().max(4000) }).strict(),
        },
      },
      async (request, reply) => {
        const grant = grants.get(request)
        if (!grant) throw new AppError('not_authenticated')
        return sendReportsCsv(reply, app.deps.db.db, grant.filters, app.deps.clock.now())
      },
    )
  }
}

function guardedAdminRoutes(exportLinks: ExportLinks, mediaLinks: MediaLinks): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin)
    const db = () => app.deps.db.db
    const now = () => app.deps.clock.now()
    const tags = ['admin']

    app.get('/api/admin/stats', { schema: { tags, response: { 200: adminStatsSchema } } }, () =>
      adminStats(db(), now()),
    )

    const withMediaLinks = <T extends AdminReport>(request: FastifyRequest, report: T) =>
      withAdminMediaLinks(mediaLinks, currentAdmin(request).id, report, now())
    const detailOf = async (request: FastifyRequest, id: string) =>
      withMediaLinks(request, await adminReportDetail(db(), now(), id))

    app.get(
      '/api/admin/reports',
      { schema: { tags, querystring: adminReportsQuerySchema, response: { 200: adminReportPageSchema } } },
      async (request) => {
        const { page: number, after, before, ...filters } = request.query
        const page = await listAdminReports(db(), app.readCache, now(), filters, number, { after, before })
        return { ...page, items: await Promise.all(page.items.map((item) => withMediaLinks(request, item))) }
      },
    )

    app.get(
      '/api/admin/reports/export.csv',
      {
        schema: {
          tags,
          summary: 'Export CSV (UTF-8, « ; ») des signalements filtrés',
          querystring: adminReportFiltersSchema,
        },
      },
      (request, reply) => sendReportsCsv(reply, db(), request.query, now()),
    )

    app.post(
      '/api/admin/reports/export-link',
      {
        schema: {
          tags,
          summary: 'Lien de téléchargement signé (une minute) de l’export CSV des signalements filtrés',
          body: adminReportFiltersSchema.strict(),
          response: { 200: exportLinkSchema },
        },
      },
      async (request) => {
        const { token, expiresAt } = await exportLinks.sign(
          { adminId: currentAdmin(request).id, filters: request.body },
          now(),
        )
        return { url: `${EXPORT_DOWNLOAD_PATH}?token=${token}`, expiresAt: expiresAt.toISOString() }
      },
    )

    app.get(
      '/api/admin/reports/:id',
      { schema: { tags, params: uuidParams, response: { 200: adminReportDetailSchema } } },
      (request) => detailOf(request, request.params.id),
    )

    app.get(
      '/api/admin/reports/:id/eligible-organizations',
      {
        schema: {
          tags,
          summary:
            'Organisations auxquelles le signalement peut être attribué (approuvées, actives, de sa catégorie)',
          params: uuidParams,
          response: { 200: eligibleOrganizationsSchema },
        },
      },
      (request) => eligibleOrganizations(db(), request.params.id),
    )

    app.patch(
      '/api/admin/reports/:id',
      {
        schema: {
          tags,
          params: uuidParams,
          body: updateAdminReportSchema,
          response: { 200: adminReportDetailSchema },
        },
      },
      async (request) => {
        await app.lifecycle.changeByAdmin(currentAdmin(request).id, request.params.id, request.body)
        return detailOf(request, request.params.id)
      },
    )

    app.get(
      '/api/admin/organizations',
      {
        schema: {
          tags,
          querystring: adminOrganizationsQuerySchema,
          response: { 200: adminOrganizationPageSchema },
        },
      },
      (request) => listAdminOrganizations(db(), request.query, request.query.page),
    )

    app.get(
      '/api/admin/organizations/:id',
      { schema: { tags, params: uuidParams, response: { 200: adminOrganizationDetailSchema } } },
      async (request) => ({
        ...(await adminOrganization(db(), request.params.id)),
        members: await app.team.list(request.params.id),
      }),
    )

    app.patch(
      '/api/admin/organizations/:id',
      { schema: { tags, params: uuidParams, body: updateAdminOrganizationSchema } },
      (request) => app.organizationChanges.decide(request.params.id, request.body),
    )

    app.get('/api/admin/users', { schema: { tags, response: { 200: adminUsersSchema } } }, () =>
      listAdminUsers(db()),
    )

    app.post(
      '/api/admin/users',
      { schema: { tags, body: createAdminUserSchema, response: { 201: adminUserSchema } } },
      async (request, reply) => reply.status(201).send(await createAdminUser(db(), request.body)),
    )

    app.patch(
      '/api/admin/users/:id',
      {
        schema: { tags, params: uuidParams, body: updateAdminUserSchema, response: { 200: adminUserSchema } },
      },
      async (request, reply) => {
        const { currentPassword: _, ...changes } = request.body
        const actorId = currentAdmin(request).id
        // A new username of one's own is a new login: a stolen session must not take the account
        // (an id is a uuid, whatever the case it is written in).
        if (request.params.id.toLowerCase() === actorId.toLowerCase())
          await confirmOwnLoginChange(request, reply, request.body)
        return updateAdminUser(db(), actorId, request.params.id, changes)
      },
    )

    app.get(
      '/api/admin/categories',
      {
        schema: {
          tags,
          summary: 'Catégories avec leurs délais de prise en charge et de résolution (en heures)',
          response: { 200: adminCategoriesSchema },
        },
      },
      () => listAdminCategories(db()),
    )

    app.post(
      '/api/admin/categories',
      { schema: { tags, body: categoryInputSchema, response: { 201: adminCategorySchema } } },
      async (request, reply) => {
        return reply.status(201).send(await app.categoryChanges.create(request.body))
      },
    )

    app.patch(
      '/api/admin/categories/:id',
      {
        schema: {
          tags,
          params: categoryParams,
          body: categoryChangeSchema,
          response: { 200: adminCategorySchema },
        },
      },
      (request) => app.categoryChanges.change(request.params.id, request.body),
    )

    app.delete(
      '/api/admin/categories/:id',
      { schema: { tags, params: categoryParams } },
      async (request, reply) => {
        await app.categoryChanges.remove(request.params.id)
        return reply.status(204).send()
      },
    )
  }
}
