// Consequential actions ask first (issue 28, point 8): an administrator rejecting or suspending an
// organisation from its row menu shuts it out at once, and an organisation setting "Résolu" tells
// the citizen the problem is fixed. Each asks in a confirmation: "Annuler" changes nothing, the
// confirmation's button does it.
import { eq } from 'drizzle-orm'
import { describe, expect } from 'vitest'
import { organizations, reports } from '../src/server/db/schema'
import { createOrganization, ORG_PASSWORD } from '../src/server/test/accounts'
import { gotoReady, signInAsAdmin } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'
import { callApi, fileReportAsCitizen, signInOrganization } from './support/organization-api'
import type { E2eServer } from './support/server'

// Each test's page: a laptop.
it.override('contextOptions', { viewport: { width: 1366, height: 768 } })

async function storedOrganization(server: E2eServer, id: string) {
  const [row] = await server.db.db.select().from(organizations).where(eq(organizations.id, id))
  return { status: row?.status, is_active: row?.is_active }
}

it.beforeAll(startServerAndBrowser)

describe('an administrator’s row menu', () => {
  it('asks before rejecting and before suspending an organisation', async ({ server, page }) => {
    const yoff = await createOrganization(server.db.db, { name: 'Mairie de Yoff', categories: ['Voirie'] })
    const setal = await createOrganization(server.db.db, { name: 'ONG Setal Gox', categories: ['Voirie'] })
    await signInAsAdmin(page, server.url)
    await page.getByRole('navigation').getByRole('link', { name: 'Organisations' }).click()

    const row = (name: string) => page.getByRole('row', { name: new RegExp(name) })
    const choose = async (name: string, action: string) => {
      await row(name)
        .getByRole('button', { name: `Actions pour ${name}` })
        .click()
      await page.getByRole('menuitem', { name: action }).click()
    }

    // Rejecting: "Annuler" leaves it approved.
    await choose('Mairie de Yoff', 'Rejeter')
    const reject = page.getByRole('dialog', { name: 'Rejeter cette organisation\u202f?' })
    await reject
      .getByText('«\u202fMairie de Yoff\u202f» ne pourra pas se connecter', { exact: false })
      .waitFor()
    await reject.getByRole('button', { name: 'Annuler' }).click()
    await reject.waitFor({ state: 'detached' })
    expect(await storedOrganization(server, yoff.id)).toEqual({ status: 'approved', is_active: true })
    expect(await row('Mairie de Yoff').getByText('Approuvé').isVisible()).toBe(true)
    // Confirmed, it is done.
    await choose('Mairie de Yoff', 'Rejeter')
    await reject.getByRole('button', { name: 'Rejeter' }).click()
    await page.getByText('Statut mis à jour').waitFor()
    await reject.waitFor({ state: 'detached' })
    await row('Mairie de Yoff').getByText('Rejeté').waitFor()
    expect(await storedOrganization(server, yoff.id)).toEqual({ status: 'rejected', is_active: true })

    // Suspending, the same.
    await choose('ONG Setal Gox', 'Suspendre')
    const suspend = page.getByRole('dialog', { name: 'Suspendre cette organisation\u202f?' })
    await suspend
      .getByText('«\u202fONG Setal Gox\u202f» ne pourra plus se connecter', { exact: false })
      .waitFor()
    await page.keyboard.press('Escape')
    await suspend.waitFor({ state: 'detached' })
    expect(await storedOrganization(server, setal.id)).toEqual({ status: 'approved', is_active: true })
    await choose('ONG Setal Gox', 'Suspendre')
    await suspend.getByRole('button', { name: 'Suspendre' }).click()
    await row('ONG Setal Gox').getByText('Suspendu').waitFor()
    expect(await storedOrganization(server, setal.id)).toEqual({ status: 'approved', is_active: false })
    // The page still answers the mouse once the dialogs are gone.
    await row('Mairie de Yoff').getByRole('button', { name: 'Actions pour Mairie de Yoff' }).click()
    await page.getByRole('menuitem', { name: 'Voir les détails' }).waitFor()
    await page.context().close()
  })
})

describe('an organisation’s status select', () => {
  it('asks before setting "Résolu", which tells the citizen', async ({ server, page }) => {
    const organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
    const filed = await fileReportAsCitizen(server.url, { description: 'Nid-de-poule rue 10, Médina.' })
    const token = await signInOrganization(server.url, organization.email)
    await callApi(server.url, `/api/org/reports/${filed.id}/claim`, { method: 'POST', token })
    const storedStatus = async () =>
      (await server.db.db.select().from(reports).where(eq(reports.id, filed.id)))[0]?.status

    await gotoReady(page, `${server.url}/organization/login`)
    await page.getByLabel('Email').fill(organization.email)
    await page.getByLabel('Mot de passe', { exact: true }).fill(ORG_PASSWORD)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByRole('heading', { name: /^Bienvenue/ }).waitFor()
    await gotoReady(page, `${server.url}/organization/managed-reports`)
    const select = page.getByRole('combobox', { name: `Statut du signalement ${filed.anonymous_code}` })
    expect(await select.inputValue()).toBe('en-cours')

    await select.selectOption({ label: 'Résolu' })
    const confirmation = page.getByRole('dialog', { name: 'Marquer ce signalement comme résolu\u202f?' })
    await confirmation.getByText('La personne qui l’a signalé en sera prévenue', { exact: false }).waitFor()
    await confirmation.getByRole('button', { name: 'Annuler' }).click()
    await confirmation.waitFor({ state: 'detached' })
    expect(await select.inputValue()).toBe('en-cours')
    expect(await storedStatus()).toBe('en-cours')

    await select.selectOption({ label: 'Résolu' })
    await confirmation.getByRole('button', { name: 'Marquer comme résolu' }).click()
    await page.getByText('Statut mis à jour').waitFor()
    await expect.poll(() => select.inputValue()).toBe('resolu')
    expect(await storedStatus()).toBe('resolu')
    await page.context().close()
  })
})
