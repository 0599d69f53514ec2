// `npm run seed:demo`: fills the database with a living platform for newcomers — a year of reports
// over the communes of Dakar, a few approved organisations, their claims, resolutions and messages
// — and prints how to sign in: the organisations' e-mails and password, and the first super
// administrator's username and password when this run created it.
import path from 'node:path'
import { asc, inArray } from 'drizzle-orm'
import {
  type Actor,
  filing,
  type HistoryLine,
  type ReportFields,
  type ReportState,
  transition,
} from '../../domain/report-transitions'
import { readSettings } from '../config'
import { secureDataDir } from '../data-dir'
import { type Database, openPglite, openPostgres } from '../db/database'
import {
  categories,
  categoryOrganizations,
  notifications,
  organizationMembers,
  organizations,
  reportEvents,
  reportSupports,
  reports,
  superadmins,
} from '../db/schema'
import { firstAdminNotice, seedDefaults } from '../db/seed'
import { lockDataDir } from '../lock'
import { hashPassword } from '../passwords'
import { newAnonymousCode } from '../reports/anonymous-code'
import {
  DEMO_ORGANIZATION_PASSWORD,
  DEMO_ORGANIZATIONS,
  type DemoReport,
  demoReports,
  seededRandom,
} from './demo-data'

export const DEMO_REPORTS = 300
const DAY_MS = 24 * 60 * 60 * 1000

export interface LoadOptions {
  /** The moment the demo's year of history ends. */
  now?: Date
}

/**
 * Loads the demo platform once (null when its organisations are already there). Every change a
 * report went through is the domain's own transition (report-transitions.ts), so the demo's
 * reports, history and counters are those the platform itself would have written.
 */
export async function loadDemoData(
  database: Database,
  options: LoadOptions = {},
): Promise<{ reports: number } | null> {
  const now = options.now ?? new Date()
  const db = database.db
  const emails = DEMO_ORGANIZATIONS.map((o) => o.email)
  const existing = await db.select().from(organizations).where(inArray(organizations.email, emails))
  if (existing.length > 0) return null

  const passwordHash = await hashPassword(DEMO_ORGANIZATION_PASSWORD)
  const random = seededRandom(221)
  const [admin] = await db
    .select({ id: superadmins.id })
    .from(superadmins)
    .orderBy(asc(superadmins.created_at))
    .limit(1)
  const categoryRows = await db.select().from(categories)
  const categoryId = new Map(categoryRows.map((c) => [c.nom, c.id]))
  const plans = demoReports(random, [...categoryId.keys()], now, DEMO_REPORTS)

  await db.transaction(async (tx) => {
    const orgs = await tx
      .insert(organizations)
      .values(
        DEMO_ORGANIZATIONS.map(({ categories: _, responsable: __, ...org }) => ({
          ...org,
          status: 'approved',
          created_at: new Date(now.getTime() - 380 * DAY_MS).toISOString(),
        })),
      )
      .returning()
    await tx.insert(organizationMembers).values(
      orgs.map((org, index) => ({
        organization_id: org.id,
        name: DEMO_ORGANIZATIONS[index]?.responsable ?? org.name,
        email: org.email,
        role: 'responsable',
        status: 'active',
        password_hash: passwordHash,
        created_at: org.created_at,
      })),
    )
    const handlers = new Map<string, string[]>()
    for (const [index, org] of orgs.entries()) {
      const names = DEMO_ORGANIZATIONS[index]?.categories ?? []
      await tx
        .insert(categoryOrganizations)
        .values(names.map((nom) => ({ organization_id: org.id, categorie_id: categoryId.get(nom) ?? 0 })))
      for (const nom of names) handlers.set(nom, [...(handlers.get(nom) ?? []), org.id])
    }

    for (const plan of plans) {
      const candidates = handlers.get(plan.type) ?? []
      const handler = candidates[Math.floor(random() * candidates.length)]
      const { fields, events, messages, supports } = lifeOf(plan, { handler, admin: admin?.id })
      const [row] = await tx
        .insert(reports)
        .values({
          ...fields,
          anonymous_code: newAnonymousCode(),
          category_id: categoryId.get(plan.type) ?? 0,
          type: plan.type,
          description: plan.description,
          address: plan.address,
          department: plan.department,
          latitude: plan.latitude,
          longitude: plan.longitude,
          reporter_hash: plan.reporterHash,
          created_at: plan.createdAt.toISOString(),
        })
        .returning({ id: reports.id, anonymous_code: reports.anonymous_code })
      if (!row) continue
      await tx.insert(reportEvents).values(events.map((event) => ({ ...event, report_id: row.id })))
      if (supports.length > 0) {
        await tx.insert(reportSupports).values(supports.map((support) => ({ ...support, report_id: row.id })))
      }
      if (messages.length > 0) {
        await tx.insert(notifications).values(
          messages.map((message) => ({
            ...message,
            report_id: row.id,
            anonymous_code: row.anonymous_code,
          })),
        )
      }
    }
  })
  return { reports: plans.length }
}

/** A message to the filing device, from its organisation or the administration. */
interface DemoMessage {
  title: string
  message: string
  created_at: string
  organization_id: string | null
  type: string
}

/**
 * A report's columns, history and messages after its steps, each run through the domain's
 * transitions as the server runs them (a step the transitions refuse is a bug of the demo).
 */
function lifeOf(
  plan: DemoReport,
  who: { handler: string | undefined; admin: string | undefined },
): {
  fields: ReportFields & { supporters_count: number }
  events: (HistoryLine & { created_at: string })[]
  messages: DemoMessage[]
  /** The other devices that said "Moi aussi", as the support route records them. */
  supports: { reporter_hash: string; created_at: string }[]
} {
  const reporter: Actor = { type: 'citizen', deviceHash: plan.reporterHash }
  const filed = filing(reporter, plan.createdAt)
  let fields: ReportFields = { ...filed.fields }
  const events = filed.events.map((event) => ({ ...event, created_at: plan.createdAt.toISOString() }))
  const messages: DemoMessage[] = []
  const supports: { reporter_hash: string; created_at: string }[] = []
  const state: ReportState = {
    status: fields.status ?? 'en-attente',
    priority: 'normal',
    assignedOrganizationId: null,
    reporterHash: plan.reporterHash,
    resolvedAt: null,
    answers: [],
  }
  for (const step of plan.steps) {
    const actor: Actor | null =
      step.by === 'reporter'
        ? reporter
        : step.by === 'supporter'
          ? { type: 'citizen', deviceHash: step.device ?? '' }
          : step.by === 'admin'
            ? who.admin
              ? { type: 'admin', id: who.admin }
              : null
            : who.handler
              ? { type: 'organization', id: who.handler }
              : null
    // No organisation handles this category, or no administrator yet: it stays as it is.
    if (!actor) break
    const result = transition(state, step.action, actor, step.at)
    if (!result.ok) throw new Error(`demo step refused: ${step.action.kind} (${result.refusal.reason})`)
    fields = { ...fields, ...result.fields }
    state.status = fields.status ?? state.status
    state.priority = fields.priority ?? state.priority
    state.assignedOrganizationId = fields.assigned_organization_id ?? state.assignedOrganizationId
    state.resolvedAt = fields.resolved_at === undefined ? state.resolvedAt : fields.resolved_at
    const at = step.at.toISOString()
    events.push(...result.events.map((event) => ({ ...event, created_at: at })))
    if (step.action.kind === 'support') supports.push({ reporter_hash: step.device ?? '', created_at: at })
    if (step.message) {
      // An administrator's message is a rejection's reason; an organisation's is its own.
      const fromOrganization = actor.type === 'organization'
      messages.push({
        ...step.message,
        created_at: at,
        organization_id: fromOrganization ? actor.id : null,
        type: fromOrganization ? 'info' : 'rejection',
      })
    }
  }
  return { fields: { ...fields, supporters_count: supports.length }, events, messages, supports }
}

/** What the seed prints: how to sign in to the platform it filled. */
export function demoCredentials(firstAdminLine: string | null): string[] {
  return [
    ...(firstAdminLine ? [firstAdminLine] : []),
    `Organisations de démonstration (mot de passe « ${DEMO_ORGANIZATION_PASSWORD} »), espace organisation : /organization/login`,
    ...DEMO_ORGANIZATIONS.map((org) => `  ${org.email} — ${org.name}`),
  ]
}

async function main() {
  const settings = readSettings()
  // The embedded database of DATA_DIR is opened here as the server opens it: the server's user's alone.
  if (!settings.databaseUrl) secureDataDir(settings.dataDir)
  const releaseLock = settings.databaseUrl ? () => {} : lockDataDir(settings.dataDir)
  const database = settings.databaseUrl
    ? await openPostgres(settings.databaseUrl)
    : await openPglite(path.join(settings.dataDir, 'db'))
  try {
    // The first start's own code: the same administrator `npm start` would have created.
    const firstAdmin = await seedDefaults(database.db, {
      username: settings.adminUsername,
      password: settings.adminPassword,
    })
    const loaded = await loadDemoData(database)
    console.log(
      loaded
        ? `Données de démonstration chargées : ${loaded.reports} signalements sur un an, ${DEMO_ORGANIZATIONS.length} organisations.`
        : 'Les données de démonstration sont déjà chargées.',
    )
    for (const line of demoCredentials(firstAdmin ? firstAdminNotice(firstAdmin) : null)) console.log(line)
  } finally {
    await database.close()
    releaseLock()
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error((error as Error).message)
    process.exit(1)
  })
}
