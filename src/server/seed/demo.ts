// `npm run seed:demo`: fills the database with a living platform for newcomers — reports spread
// over the communes of Dakar, a few approved organisations, their claims and their messages.
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { loadConfig } from '../config'
import { secureDataDir } from '../data-dir'
import { type Database, openPglite, openPostgres } from '../db/database'
import {
  categories,
  categoryOrganizations,
  notifications,
  organizations,
  reportEvents,
  reports,
} from '../db/schema'
import { seedDefaults } from '../db/seed'
import { lockDataDir } from '../lock'
import { hashPassword } from '../passwords'
import { newAnonymousCode } from '../reports/anonymous-code'
import { DEMO_ORGANIZATION_PASSWORD, DEMO_ORGANIZATIONS, demoReport, seededRandom } from './demo-data'

const DEMO_REPORTS = 300
const HOUR_MS = 60 * 60 * 1000

export async function loadDemoData(
  database: Database,
  now = new Date(),
): Promise<{ reports: number } | null> {
  const db = database.db
  const emails = DEMO_ORGANIZATIONS.map((o) => o.email)
  const existing = await db.select().from(organizations).where(inArray(organizations.email, emails))
  if (existing.length > 0) return null

  const passwordHash = await hashPassword(DEMO_ORGANIZATION_PASSWORD)
  const random = seededRandom(221)
  await db.transaction(async (tx) => {
    const categoryRows = await tx.select().from(categories)
    const categoryId = new Map(categoryRows.map((c) => [c.nom, c.id]))
    const orgs = await tx
      .insert(organizations)
      .values(
        DEMO_ORGANIZATIONS.map(({ categories: _, ...org }) => ({
          ...org,
          status: 'approved',
          password_hash: passwordHash,
          created_at: new Date(now.getTime() - 150 * 24 * HOUR_MS).toISOString(),
        })),
      )
      .returning()
    const handlers = new Map<string, string[]>()
    for (const [index, org] of orgs.entries()) {
      const names = DEMO_ORGANIZATIONS[index]?.categories ?? []
      await tx
        .insert(categoryOrganizations)
        .values(names.map((nom) => ({ organization_id: org.id, categorie_id: categoryId.get(nom) ?? 0 })))
      for (const nom of names) handlers.set(nom, [...(handlers.get(nom) ?? []), org.id])
    }

    for (let i = 0; i < DEMO_REPORTS; i++) {
      const report = demoReport(random, [...categoryId.keys()], now)
      const created = report.createdAt.getTime()
      const claimed = report.status === 'en-cours' || report.status === 'resolu'
      const organizationId = claimed ? (handlers.get(report.type)?.[0] ?? null) : null
      const claimedAt = new Date(created + (2 + random() * 48) * HOUR_MS)
      const resolvedAt = new Date(claimedAt.getTime() + (6 + random() * 200) * HOUR_MS)
      const isResolved = report.status === 'resolu' && organizationId !== null && resolvedAt < now
      const status =
        organizationId === null && claimed
          ? 'en-attente'
          : isResolved || report.status !== 'resolu'
            ? report.status
            : 'en-cours'
      const [row] = await tx
        .insert(reports)
        .values({
          anonymous_code: newAnonymousCode(),
          category_id: categoryId.get(report.type) ?? 0,
          type: report.type,
          description: report.description,
          status,
          priority: report.priority,
          address: report.address,
          department: report.department,
          latitude: report.latitude,
          longitude: report.longitude,
          created_at: report.createdAt.toISOString(),
          updated_at: (isResolved ? resolvedAt : organizationId ? claimedAt : report.createdAt).toISOString(),
          assigned_organization_id: organizationId,
          claimed_at: organizationId ? claimedAt.toISOString() : null,
          resolved_at: isResolved ? resolvedAt.toISOString() : null,
        })
        .returning()
      if (!row) continue
      const events: (typeof reportEvents.$inferInsert)[] = [
        {
          report_id: row.id,
          kind: 'created',
          actor_type: 'citizen',
          to_status: 'en-attente',
          created_at: row.created_at,
        },
      ]
      if (organizationId) {
        events.push({
          report_id: row.id,
          kind: 'claimed',
          actor_type: 'organization',
          actor_id: organizationId,
          from_status: 'en-attente',
          to_status: 'en-cours',
          created_at: claimedAt.toISOString(),
        })
      }
      if (isResolved && organizationId) {
        events.push({
          report_id: row.id,
          kind: 'status_changed',
          actor_type: 'organization',
          actor_id: organizationId,
          from_status: 'en-cours',
          to_status: 'resolu',
          created_at: resolvedAt.toISOString(),
        })
        const message = {
          report_id: row.id,
          organization_id: organizationId,
          title: 'Problème résolu',
          message: 'Nos équipes sont intervenues. Merci pour votre signalement !',
          anonymous_code: row.anonymous_code,
          created_at: resolvedAt.toISOString(),
        }
        await tx.insert(notifications).values(message)
        events.push({
          report_id: row.id,
          kind: 'message_sent',
          actor_type: 'organization',
          actor_id: organizationId,
          data: { title: message.title },
          created_at: resolvedAt.toISOString(),
        })
      }
      await tx.insert(reportEvents).values(events)
    }
  })
  return { reports: DEMO_REPORTS }
}

async function main() {
  const config = loadConfig()
  // The embedded database of DATA_DIR is opened here as the server opens it: the server's user's alone.
  if (!config.databaseUrl) secureDataDir(config.dataDir)
  const releaseLock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir)
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(path.join(config.dataDir, 'db'))
  try {
    await seedDefaults(database.db, { username: config.adminUsername, password: config.adminPassword })
    const loaded = await loadDemoData(database)
    console.log(
      loaded
        ? `Données de démonstration chargées : ${loaded.reports} signalements, ${DEMO_ORGANIZATIONS.length} organisations (mot de passe « ${DEMO_ORGANIZATION_PASSWORD} »).`
        : 'Les données de démonstration sont déjà chargées.',
    )
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
