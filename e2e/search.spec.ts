import { sql } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { createOrganization } from '../src/server/test/accounts'
import { seriousViolations } from './support/accessibility'
import { gotoReady, signInAsAdmin } from './support/browser'
import { it } from './support/fixtures'

// A word 1,200 reports hold: the searches count up to 1,000 and say "Plus de 1 000" (issue 19).
const LAMPS = 1200
const ORG_EMAIL = 'eclairage@senelec.sn'

// Each test's page: a computer's screen.
it.override('contextOptions', { viewport: { width: 1280, height: 900 } })

it.beforeAll(async ({ server }) => {
  const db = server.db.db
  await createOrganization(db, { email: ORG_EMAIL, categories: ['Éclairage public'] })
  await db.execute(sql`
    insert into reports (anonymous_code, category_id, type, description, status, priority, latitude, longitude,
      created_at, updated_at)
    select 'L' || lpad(g::text, 7, '0'), c.id, c.nom, 'Lampadaire éteint, poteau ' || g, 'en-attente', 'normal',
      14.69, -17.44, now() - g * interval '1 minute', now()
    from generate_series(1, ${LAMPS}) g join categorie c on c.nom = 'Éclairage public'`)
  // The planner's statistics, as autovacuum keeps them on a server (PGlite has none).
  await db.execute(sql`analyze reports`)
})

/** The descriptions of the cards in view, in their order. */
const listed = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.textContent ?? ''))

describe('a search matching more than a thousand reports', () => {
  it('says "Plus de 1 000" to the administrator, and pages on past the counted ones, reload included', async ({
    server,
    page,
  }) => {
    await signInAsAdmin(page, server.url)

    await gotoReady(page, `${server.url}/admin/reports?q=lampadaire`)
    await page.getByText('Plus de 1 000 signalements trouvés').waitFor()
    await page.getByText('Page 1 sur plus de 100').waitFor()
    const first = await listed(page)
    expect(first[0]).toMatch(/poteau 1(?!\d)/)
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Suivant' }).click()
    await page.getByText('Page 2 sur plus de 100').waitFor()
    await expect.poll(async () => (await listed(page))[0]).toMatch(/poteau 11(?!\d)/)
    expect(new URL(page.url()).searchParams.get('apres')).toBeTruthy()
    // The server renders the same page from the address.
    await gotoReady(page, page.url())
    await page.getByText('Page 2 sur plus de 100').waitFor()
    expect((await listed(page))[0]).toMatch(/poteau 11(?!\d)/)

    await page.getByRole('button', { name: 'Précédent' }).click()
    await page.getByText('Page 1 sur plus de 100').waitFor()
    await expect.poll(async () => (await listed(page))[0]).toMatch(/poteau 1(?!\d)/)
    await page.context().close()
  })

  it('says "Plus de 1 000" to the organisation searching its available reports', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/organization/login`)
    await page.getByLabel('Email').fill(ORG_EMAIL)
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse1')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByRole('heading', { name: /Bienvenue/ }).waitFor()
    await gotoReady(page, `${server.url}/organization/available-reports`)
    await page.getByLabel('Rechercher').fill('lampad')
    await page.getByText('Plus de 1 000 signalements disponibles').waitFor()
    await page.getByText('Page 1 sur plus de 125').waitFor()
    await page.getByRole('button', { name: 'Suivant' }).click()
    await page.getByText('Page 2 sur plus de 125').waitFor()
    await expect.poll(async () => (await listed(page))[0]).toMatch(/poteau 9(?!\d)/)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })
})
