import '../domain/zod-locale'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySchema } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { MAX_UPLOAD_BYTES } from '../domain/constants'
import { apiKeyRoutes } from './admin/api-keys-routes'
import { type CategoryChanges, createCategoryChanges } from './admin/category-changes'
import { adminRoutes } from './admin/routes'
import { type AreaRecount, createAreaRecount } from './areas/boundaries'
import { adminAreaRoutes, areaRoutes } from './areas/routes'
import { createAccessTokens } from './auth/access-tokens'
import { type AuthService, createAuthService } from './auth/auth-service'
import { authRoutes } from './auth/routes'
import { backupRoutes } from './backup/routes'
import { createReadCache, type ReadCache } from './cache/read-cache'
import { categoryRoutes } from './categories/routes'
import { citizenRoutes } from './citizens/routes'
import type { Clock } from './clock'
import type { Config, SmsConfig } from './config'
import type { Database } from './db/database'
import { createEmailSender, type EmailSender } from './email/email-sender'
import { createEventBus, type EventBus } from './events/event-bus'
import { reportEvent } from './events/report-audience'
import { eventRoutes } from './events/routes'
import { fileRoutes } from './files/routes'
import type { ReverseGeocoder } from './geocoding/reverse-geocoder'
import { geocodingRoutes } from './geocoding/routes'
import { healthRoutes } from './health/routes'
import { answerFrameworkError, installErrorHandlers } from './http/error-handler'
import { installInputGuard } from './http/input-guard'
import { serializeError, serializeRequest } from './http/log-redaction'
import { installOpenApi, registerOpenApiRoute } from './http/openapi'
import { installRateLimits, openLimitStore } from './http/rate-limits'
import { installSecurityHeaders } from './http/security-headers'
import { installWebApp, loadWebBuild } from './http/web-app'
import { open311Routes } from './open311/routes'
import { createOrganizationChanges, type OrganizationChanges } from './organizations/organization-changes'
import { organizationSignupRoutes, organizationSpaceRoutes } from './organizations/routes'
import { publicDataRoutes } from './public-data/routes'
import { createPushSender, type PushSender } from './push/push-sender'
import { pushRoutes } from './push/routes'
import { resolveVapidKeys } from './push/vapid-keys'
import { reportFilingRoutes } from './reports/filing-routes'
import { createReportLifecycle, type ReportLifecycle } from './reports/lifecycle'
import { publicReportRoutes } from './reports/routes'
import { createAndroidSmsGateway } from './sms/gateway'
import { smsNewsRoutes } from './sms/news-routes'
import { createNumberPrivacy, resolveSmsPrivacyKey } from './sms/number-privacy'
import { smsRoutes } from './sms/routes'
import { createSmsChannel, type SmsChannel } from './sms/sms-channel'
import { createSmsNews } from './sms/sms-news'
import { createSmsNewsOptIn } from './sms/sms-news-opt-in'
import type { FileStorage } from './storage/file-storage'
import { invitationRoutes, teamRoutes } from './team/routes'
import { createTeamChanges, type TeamChanges } from './team/team-changes'

export interface AppDeps {
  config: Config
  db: Database
  storage: FileStorage
  clock: Clock
  geocoder: ReverseGeocoder
  /** The secret of DATA_DIR/backup-access.json (embedded database only): who may ask for a dump. */
  backupSecret?: string
}

/**
 * How long a cached read may live without a change: only what a lost notification could leave
 * stale. Changes empty the cache at once, and so does the bus when it listens again after losing
 * its connection.
 */
const READ_CACHE_TTL_MS = 10_000
/** Map views differ from visitor to visitor: the oldest go first beyond this many. */
const READ_CACHE_MAX_ENTRIES = 2000
/** The changes that may have queued notifications (push-outbox.ts), wherever they were made. */
const MAY_QUEUE_PUSH: readonly string[] = ['reports.changed', 'notifications.created', 'reports.handed-over']

/** The SMS channel of SMS_*: its gateway, the numbers' keys, the rounds that answer and send. */
function startSmsChannel(deps: AppDeps, config: SmsConfig, events: EventBus, log: FastifyBaseLogger) {
  const privacy = createNumberPrivacy(resolveSmsPrivacyKey(config.privacyKey, deps.config.dataDir))
  const channel = createSmsChannel({
    db: deps.db.db,
    clock: deps.clock,
    storage: deps.storage,
    gateway: createAndroidSmsGateway(config),
    privacy,
    config,
    publicOrigin: deps.config.publicOrigin ?? '',
    onFiled: async (reportId) => events.publish(await reportEvent(deps.db.db, 'reports.changed', reportId)),
    log,
  })
  const optIn = createSmsNewsOptIn({ db: deps.db.db, clock: deps.clock, privacy, config })
  return { channel, privacy, optIn, news: createSmsNews(deps.config.publicOrigin ?? '') }
}

/** One route the app serves, as registered: what the permission matrix and the fuzzer go through. */
export interface RouteEntry {
  method: string
  url: string
  schema: FastifySchema | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
    auth: AuthService
    events: EventBus
    /** Public hot reads and search totals, emptied whenever a report changes on any instance. */
    readCache: ReadCache
    /** Every change to a report: one service per action (reports/lifecycle.ts). */
    lifecycle: ReportLifecycle
    organizationChanges: OrganizationChanges
    categoryChanges: CategoryChanges
    /** An organisation's members and their invitations (team/team-changes.ts). */
    team: TeamChanges
    /** The sender of e-mails (invitations), when SMTP_URL is set. */
    email: EmailSender | undefined
    /** The SMS channel (webhooks answered, SMS sent), when SMS_* are set. */
    sms: SmsChannel | undefined
    /** Web Push: the public key browsers subscribe with, and the sender of waiting notifications. */
    push: { publicKey: string; sender: PushSender }
    /** The recount of the reports' communes after an import of limits (areas/boundaries.ts). */
    areaRecount: AreaRecount
    /** Every route of the app, filled as they are registered (HEAD twins left out). */
    routeTable: RouteEntry[]
  }
}

/**
 * TRUST_PROXY for Fastify: the listed proxies, or the first `n` hops of X-Forwarded-For whoever
 * sends them (a hop count believes the direct peer too: only for an app no client reaches but
 * through those proxies).
 */
function trustProxyOption(trusted: Config['trustProxy']) {
  return typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted
}

/** Builds the whole HTTP app from its dependencies; tests drive it with `inject`, no port. */
export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? {
            level: deps.config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Credentials never reach the logs: not the headers (never serialised), nor the
            // tokens that some routes take in their query; nor does what a failed query held.
            serializers: { req: serializeRequest, err: serializeError },
          }
        : false,
    // A slow client cannot hold a connection forever.
    requestTimeout: 60_000,
    bodyLimit: 1024 * 1024,
    // Only the proxies of TRUST_PROXY are believed about the client's address (by default nginx
    // on the same machine): a client connecting directly cannot pretend to be another address.
    trustProxy: trustProxyOption(deps.config.trustProxy),
    frameworkErrors: answerFrameworkError,
  })
  app.decorate('deps', deps)
  // Before any plugin: the hook sees every route registered after it, in every scope.
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, schema: route.schema })
    }
  })
  app.decorate(
    'auth',
    createAuthService({
      db: deps.db.db,
      clock: deps.clock,
      tokens: createAccessTokens(deps.config.jwtSecret),
    }),
  )
  app.decorateRequest('principal', null)
  app.decorateRequest('citizenDevice', null)
  const readCache = createReadCache({ ttlMs: READ_CACHE_TTL_MS, maxEntries: READ_CACHE_MAX_ENTRIES })
  const bus = await createEventBus(deps.db, app.log)
  // Every change to the reports is published on the bus: the instance that makes it forgets its
  // cached reads at once, the others when the notification reaches them.
  bus.subscribe(() => readCache.invalidate())
  // Notifications sent while the bus was not listening (a database restart) never arrive.
  bus.onRelisten(() => readCache.invalidate())
  const events: EventBus = {
    ...bus,
    publish(event) {
      readCache.invalidate()
      return bus.publish(event)
    },
  }
  app.decorate('events', events)
  app.decorate('readCache', readCache)
  const services = { db: deps.db.db, events, clock: deps.clock, storage: deps.storage }
  // The SMS channel, when its settings are given (issue 31): its replies, and the reports' news.
  const sms = deps.config.sms ? startSmsChannel(deps, deps.config.sms, events, app.log) : undefined
  app.decorate('sms', sms?.channel)
  app.addHook('onClose', async () => sms?.channel.stop())
  app.decorate('lifecycle', createReportLifecycle({ ...services, smsNews: sms?.news }))
  app.decorate('organizationChanges', createOrganizationChanges(services))
  app.decorate('categoryChanges', createCategoryChanges(services))
  // Invitations also go by e-mail when SMTP_URL is set.
  const emailSender = deps.config.smtp
    ? createEmailSender({ db: deps.db.db, clock: deps.clock, smtp: deps.config.smtp, log: app.log })
    : undefined
  app.decorate('email', emailSender)
  app.addHook('onClose', async () => emailSender?.stop())
  app.decorate('team', createTeamChanges({ ...services, email: emailSender }))
  const vapid = resolveVapidKeys(deps.config.vapidKeys, deps.config.vapidSubject, deps.config.dataDir)
  const pushSender = createPushSender({
    db: deps.db.db,
    clock: deps.clock,
    vapid,
    extraOrigins: deps.config.pushServiceOrigins,
    log: app.log,
  })
  app.decorate('push', { publicKey: vapid.publicKey, sender: pushSender })
  // A change on any instance may have queued notifications: the sender looks at once (the
  // instance that takes them is the first to lock them).
  bus.subscribe((event) => {
    if (MAY_QUEUE_PUSH.includes(event.type)) pushSender.wake()
  })
  app.addHook('onClose', () => pushSender.stop())
  const areaRecount = createAreaRecount({
    db: deps.db.db,
    onFinished: () => events.publish({ type: 'areas.changed' }),
    onError: (error) => app.log.warn({ err: error }, 'areas: recount round failed, trying again soon'),
  })
  app.decorate('areaRecount', areaRecount)
  app.addHook('onClose', () => areaRecount.stop())
  app.addHook('onClose', () => events.close())
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const webBuild = await loadWebBuild(deps.config.webDir, deps.config)
  await installSecurityHeaders(app, deps.config.tileUrl, webBuild?.scriptHashes)
  await installOpenApi(app)
  const sendIndex = await installWebApp(app, webBuild)
  installErrorHandlers(app, sendIndex)
  installInputGuard(app)
  await installRateLimits(app, await openLimitStore(deps.config.redisUrl, app.log))
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 12, fieldSize: 16 * 1024, parts: 14 },
  })

  await app.register(healthRoutes)
  await app.register(categoryRoutes)
  await app.register(areaRoutes)
  await app.register(adminAreaRoutes)
  await app.register(publicReportRoutes)
  await app.register(publicDataRoutes)
  await app.register(reportFilingRoutes)
  await app.register(fileRoutes)
  await app.register(geocodingRoutes)
  await app.register(citizenRoutes)
  await app.register(pushRoutes)
  await app.register(authRoutes)
  await app.register(eventRoutes)
  await app.register(organizationSignupRoutes)
  await app.register(organizationSpaceRoutes)
  await app.register(teamRoutes)
  await app.register(invitationRoutes)
  await app.register(adminRoutes)
  await app.register(apiKeyRoutes)
  await app.register(open311Routes)
  if (sms) {
    await app.register(smsRoutes(sms.channel, sms.privacy))
    await app.register(smsNewsRoutes(sms.optIn, sms.channel))
  }
  await app.register(backupRoutes)
  registerOpenApiRoute(app)

  return app
}
