import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import type { Browser, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { categories, organizations } from '../src/server/db/schema'
import { createOrganization } from '../src/server/test/accounts'
import { insertReport } from '../src/server/test/factories'
import { seriousViolations } from './support/accessibility'
import { dakarContext } from './support/browser'
import { it } from './support/fixtures'
import type { E2eServer } from './support/server'
import { insertSmsReportInMedina } from './support/sms-report'

let pendingOrganizationId: string

it.beforeAll(async ({ server }) => {
  const db = server.db.db
  const organization = await createOrganization(db, {
    name: 'Mairie de la Médina',
    status: 'pending',
    email: 'mairie.medina@example.sn',
    categories: ['Voirie', 'Propreté'],
  })
  pendingOrganizationId = organization.id
  await createOrganization(db, {
    email: 'service.technique.voirie.assainissement@mairie-medina-dakar.sn',
    categories: ['Voirie'],
  })
  await insertReport(db, {
    anonymous_code: 'LAMP2345',
    categoryName: 'Éclairage public',
    description: 'Lampadaire éteint depuis deux semaines devant la pharmacie.',
    address: 'Avenue Blaise Diagne, Médina',
    department: 'Dakar',
    status: 'en-cours',
    priority: 'high',
    created_at: '2026-11-20T09:30:00Z',
  })
  await insertReport(db, {
    anonymous_code: 'ROAD2345',
    categoryName: 'Voirie',
    description: 'Nid-de-poule profond au carrefour, les motos tombent.',
    department: 'Pikine',
    status: 'resolu',
    priority: 'urgent',
    created_at: '2026-11-21T16:00:00Z',
    resolved_at: '2026-11-22T04:00:00Z',
  })
  await insertReport(db, {
    anonymous_code: 'TRSH2345',
    categoryName: 'Propreté',
    description: 'Dépôt d’ordures sauvage près du marché.',
    department: 'Guédiawaye',
    created_at: '2026-11-22T08:00:00Z',
  })
})

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await dakarContext(browser, { viewport: { width, height: 900 }, acceptDownloads: true })
  return context.newPage()
}

async function logIn(server: E2eServer, page: Page) {
  await page.goto(`${server.url}/admin/login`)
  await page.getByLabel('Nom d’utilisateur').fill('admin')
  await page.getByLabel('Mot de passe', { exact: true }).fill('admin-e2e-password')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByText('Connexion réussie').waitFor()
  await page.waitForURL(`${server.url}/admin/dashboard`)
}

describe('admin back-office', () => {
  it('refuses wrong credentials, then logs in to the dashboard and its figures', async ({
    server,
    browser,
  }) => {
    const page = await newPage(browser)
    await page.goto(`${server.url}/admin/dashboard`)
    // Not signed in: the guard sends the visitor to the login page.
    await page.waitForURL(`${server.url}/admin/login`)
    await page.getByRole('heading', { name: 'Administration' }).waitFor()
    expect(await page.title()).toBe('Connexion administration | Alertes urbaines')
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow')
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Nom d’utilisateur').fill('admin')
    await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByText('Nom d’utilisateur ou mot de passe incorrect').waitFor()

    await logIn(server, page)
    await page.getByText('Bienvenue Super administrateur (Super Admin)').waitFor()
    await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor()
    const total = page.getByRole('region', { name: 'Total', exact: true })
    await expect.poll(() => total.innerText()).toContain('3')
    const performance = page.getByRole('region', { name: 'Performance' })
    // 1 resolved out of 3, in 12 hours.
    await expect.poll(() => performance.innerText()).toContain('33\u00a0%')
    expect(await performance.innerText()).toContain('12 h')
    const recent = page.getByRole('region', { name: 'Signalements récents' })
    expect(await recent.getByRole('listitem').count()).toBe(3)
    expect(await page.getByText('Admin : Super administrateur').isVisible()).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it('approves a pending organisation', async ({ server, browser }) => {
    const page = await newPage(browser)
    await logIn(server, page)
    await page.getByRole('navigation').getByRole('link', { name: 'Organisations' }).click()
    await page.getByRole('heading', { name: 'Organisations', level: 1 }).waitFor()
    await page.getByRole('row', { name: /Mairie de la Médina/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByLabel('Statut').selectOption('pending')
    const row = page.getByRole('row', { name: /Mairie de la Médina/ })
    await row.getByText('En attente').waitFor()
    await row.getByRole('button', { name: 'Actions pour Mairie de la Médina' }).click()
    await page.getByRole('menuitem', { name: 'Approuver' }).click()
    await page.getByText('Statut mis à jour').waitFor()
    // Approved, it leaves the "pending" filter.
    await page.getByText('Aucune organisation trouvée').waitFor()
    const [stored] = await server.db.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, pendingOrganizationId))
    expect(stored?.status).toBe('approved')
    await page.context().close()
  })

  it('shows each e-mail and phone number whole on a laptop’s screen, an e-mail broken only after its @', async ({
    server,
    browser,
  }) => {
    const page = await newPage(browser, 1366)
    await logIn(server, page)
    await page.goto(`${server.url}/admin/organizations`)
    const row = page.getByRole('row', { name: /service\.technique\.voirie/ })
    await row.waitFor()
    // An inline element that wraps has one box per line: each part must have one.
    const lines = (text: string) =>
      row.getByText(text, { exact: true }).evaluate((element) => element.getClientRects().length)
    expect(await lines('service.technique.voirie.assainissement@')).toBe(1)
    expect(await lines('mairie-medina-dakar.sn')).toBe(1)
    expect(await lines('+221 33 800 00 00')).toBe(1)
    await page.context().close()
  })

  it('creates, renames and deletes a category', async ({ server, browser }) => {
    const page = await newPage(browser)
    await logIn(server, page)
    await page.goto(`${server.url}/admin/categories`)
    await page.getByRole('heading', { name: 'Catégories', level: 1 }).waitFor()
    await page.getByRole('row', { name: /Voirie/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Nouvelle catégorie' }).click()
    const create = page.getByRole('dialog', { name: 'Créer une catégorie' })
    await create.getByLabel('Nom de la catégorie').fill('Espaces verts')
    await create.getByRole('button', { name: 'Créer' }).click()
    await page.getByText('Catégorie créée').waitFor()
    await page.getByRole('row', { name: /Espaces verts/ }).waitFor()

    await page.getByRole('button', { name: 'Modifier Espaces verts' }).click()
    const edit = page.getByRole('dialog', { name: 'Modifier la catégorie' })
    await edit.getByLabel('Nom de la catégorie').fill('Parcs et jardins')
    await edit.getByRole('button', { name: 'Enregistrer' }).click()
    await page.getByText('Catégorie modifiée').waitFor()
    await page.getByRole('row', { name: /Parcs et jardins/ }).waitFor()

    await page.getByRole('button', { name: 'Supprimer Parcs et jardins' }).click()
    await page.getByText('Catégorie supprimée').waitFor()
    await page.getByRole('row', { name: /Parcs et jardins/ }).waitFor({ state: 'detached' })
    const names = (await server.db.db.select().from(categories)).map((category) => category.nom)
    expect(names).not.toContain('Parcs et jardins')

    // A category in use stays, with the message of SPEC.md.
    await page.getByRole('button', { name: 'Supprimer Voirie' }).click()
    await page.getByText('Impossible de supprimer la catégorie').waitFor()
    await page.context().close()
  })

  it('creates a super administrator, who can then log in', async ({ server, browser }) => {
    const page = await newPage(browser)
    await logIn(server, page)
    await page.getByRole('navigation').getByRole('link', { name: 'Utilisateurs' }).click()
    await page.getByRole('heading', { name: 'Super Administrateurs' }).waitFor()
    await page.getByRole('row', { name: /Super administrateur/ }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click()
    const dialog = page.getByRole('dialog', { name: 'Créer un nouvel utilisateur' })
    await dialog.getByLabel('Nom complet').fill('Ibrahima Fall')
    await dialog.getByLabel('Email').fill('ibrahima.fall@dakar.sn')
    await dialog.getByLabel('Nom d’utilisateur').fill('ibrahima')
    await dialog.getByLabel('Mot de passe', { exact: true }).fill('mot-de-passe-ibrahima')
    await dialog.getByRole('button', { name: 'Créer' }).click()
    await page.getByText('Utilisateur créé').waitFor()
    await page
      .getByRole('row', { name: /Ibrahima Fall/ })
      .getByText('Jamais connecté')
      .waitFor()
    const login = await page.request.post(`${server.url}/api/auth/login`, {
      data: { userType: 'admin', username: 'ibrahima', password: 'mot-de-passe-ibrahima' },
    })
    expect(login.status()).toBe(200)
    await page.context().close()
  })

  it('filters the reports, opens one and exports the filtered rows as CSV', async ({ server, browser }) => {
    const page = await newPage(browser)
    await logIn(server, page)
    await page.getByRole('navigation').getByRole('link', { name: 'Signalements' }).click()
    await page.getByRole('heading', { name: 'Gestion des signalements' }).waitFor()
    await page.getByText('3 signalement(s) trouvé(s)').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByLabel('Statut').selectOption('en-cours')
    await page.getByText('1 signalement(s) trouvé(s)').waitFor()
    await page.getByLabel('Statut').selectOption('all')
    // The three again first: "1 signalement(s)" is still the status filter's until they come.
    await page.getByText('3 signalement(s) trouvé(s)').waitFor()
    await page.getByLabel('Rechercher').fill('pikine')
    await page.getByText('1 signalement(s) trouvé(s)').waitFor()
    const card = page.getByRole('article')
    expect(await card.innerText()).toContain('ROAD2345')
    await page.getByLabel('Rechercher').fill('')
    await page.getByText('3 signalement(s) trouvé(s)').waitFor()
    await page.getByLabel('Priorité').selectOption('high')
    await page.getByText('1 signalement(s) trouvé(s)').waitFor()

    await page.getByRole('button', { name: 'Voir le signalement LAMP2345' }).click()
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
    await dialog.getByText('Code : LAMP2345').waitFor()
    await dialog.getByText('Avenue Blaise Diagne, Médina').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Fermer' }).click()

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^signalements-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = readFileSync((await download.path()) ?? '', 'utf8')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const lines = csv.slice(1).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Code;Date de création;Type;Statut;Priorité;Description;Adresse;Département;Commune;Latitude;Longitude;Organisation;Date de résolution;Soutiens;En retard',
    )
    // Only the filtered row: priority "Élevé". The address holds a comma: quoted, so that a
    // spreadsheet reading commas keeps it in one cell.
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(
      /^LAMP2345;2026-11-20T09:30:00\.000Z;Éclairage public;En cours;Élevé;Lampadaire éteint depuis deux semaines devant la pharmacie\.;"Avenue Blaise Diagne, Médina";Dakar;/,
    )
    await page.context().close()
  })

  it('rejects a spam report, which then leaves the public count', async ({ server, browser }) => {
    const page = await newPage(browser, 360)
    await logIn(server, page)
    await page.goto(`${server.url}/admin/reports`)
    await page.getByRole('button', { name: 'Voir le signalement TRSH2345' }).click()
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
    await dialog.getByLabel('Statut').selectOption('rejete')
    const confirmation = page.getByRole('dialog', { name: 'Rejeter ce signalement' })
    await confirmation
      .getByLabel('Motif du rejet')
      .fill('Publicité sans rapport avec un problème de la ville.')
    await confirmation.getByRole('button', { name: 'Rejeter' }).click()
    await page.getByText('Signalement rejeté', { exact: true }).waitFor()
    const count = await (await page.request.get(`${server.url}/api/reports/count`)).json()
    expect(count).toEqual({ count: 2 })
    await page.context().close()
  })

  it('shows a report by SMS as approximate: its commune named, a circle on the map, no pin', async ({
    server,
    browser,
  }) => {
    const { code } = await insertSmsReportInMedina(server, {
      categoryName: 'Voirie',
      description: 'Nid de poule devant la mosquée de la rue 11.',
    })
    const page = await newPage(browser)
    await logIn(server, page)
    await page.goto(`${server.url}/admin/reports`)
    await page.getByRole('button', { name: `Voir le signalement ${code}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
    await dialog.getByText('Position approximative (commune de Médina)').waitFor()
    await dialog.getByText('Signalé par SMS', { exact: true }).waitFor()
    await dialog.locator('.leaflet-container path.approximate-area').waitFor()
    expect(await dialog.locator('.leaflet-container .leaflet-marker-icon').count()).toBe(0)
    await page.context().close()
  })
})
