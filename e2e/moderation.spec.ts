// Moderation that explains itself (issue 15, items 6 and 7), as the people concerned use it: the
// administrator rejects a report with a reason in the back-office, and the citizen who filed it
// reads why on its phone; a report nobody handles is assigned to an organisation instead.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { createOrganization } from '../src/server/test/accounts'
import { dakarContext, gotoReady, rememberCitizenToken, signInAsAdmin } from './support/browser'
import { it, type ServerAndBrowser } from './support/fixtures'
import { citizenNotifications, fileReportAsCitizen } from './support/organization-api'
import type { E2eServer } from './support/server'

const REASON = 'Ce signalement concerne une cour privée : adressez-vous au propriétaire de l’immeuble.'

it.beforeAll(async ({ server }) => {
  await createOrganization(server.db.db, { name: 'Direction de la voirie de Dakar', categories: ['Voirie'] })
})

async function newContext(
  browser: Browser,
  viewport: { width: number; height: number },
  citizenToken?: string,
): Promise<BrowserContext> {
  const context = await dakarContext(browser, { viewport })
  if (citizenToken) await rememberCitizenToken(context, citizenToken)
  return context
}

async function adminPage({ server, browser }: ServerAndBrowser): Promise<Page> {
  const page = await (await newContext(browser, { width: 1280, height: 900 })).newPage()
  await signInAsAdmin(page, server.url)
  return page
}

async function openReport(server: E2eServer, page: Page, code: string) {
  await page.goto(`${server.url}/admin/reports`)
  await page.getByRole('button', { name: `Voir le signalement ${code}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Détails du signalement' })
  await dialog.getByLabel('Statut').waitFor()
  return dialog
}

describe('moderation', () => {
  it('rejects a report with a reason the citizen then reads in its history and its messages', async ({
    server,
    browser,
  }) => {
    const filed = await fileReportAsCitizen(server.url, {
      description: 'Flaque d’eau stagnante dans la cour, les moustiques prolifèrent.',
    })
    const admin = await adminPage({ server, browser })
    const dialog = await openReport(server, admin, filed.anonymous_code)
    await dialog.getByLabel('Statut').selectOption('rejete')
    const confirmation = admin.getByRole('dialog', { name: 'Rejeter ce signalement' })
    const reason = confirmation.getByLabel('Motif du rejet')
    // Too short: said, and nothing is sent.
    await reason.fill('Privé')
    await confirmation.getByRole('button', { name: 'Rejeter' }).click()
    await confirmation.getByText('Le motif du rejet doit faire au moins 10 caractères.').waitFor()
    expect(
      (
        (await (await fetch(`${server.url}/api/reports/track/${filed.anonymous_code}`)).json()) as {
          status: string
        }
      ).status,
    ).toBe('en-attente')
    await reason.fill(REASON)
    await confirmation.getByText(`${REASON.length}\u202f/\u202f500 caractères`).waitFor()
    await confirmation.getByRole('button', { name: 'Rejeter' }).click()
    await admin.getByText('Signalement rejeté', { exact: true }).waitFor()
    await confirmation.waitFor({ state: 'hidden' })
    expect(await dialog.getByLabel('Statut').inputValue()).toBe('rejete')
    // The back-office's history and messages say it too.
    await dialog.getByText(`Motif\u202f: ${REASON}`).waitFor()
    await admin.context().close()

    // The citizen's phone: "Mes signalements" shows the rejection and why.
    const phone = await newContext(browser, { width: 390, height: 844 }, filed.citizenToken)
    const page = await phone.newPage()
    await gotoReady(page, `${server.url}/mes-signalements`)
    await page.getByRole('heading', { name: 'Mes signalements', level: 1 }).waitFor()
    await page.getByText('Rejeté', { exact: true }).first().waitFor()
    await page.getByText(/Historique \(\d+\)/).click()
    const history = page.locator('ol').filter({ hasText: 'Signalement envoyé' })
    const lines = (await history.getByRole('listitem').allInnerTexts()).map((line) =>
      line.replace(/\s+/g, ' '),
    )
    expect(lines[0]).toMatch(/^Signalement envoyé \d/)
    expect(lines.at(-1)).toContain('Statut modifié : En attente → Rejeté')
    expect(lines.at(-1)).toContain(`Motif : ${REASON.replace(/\s+/g, ' ')}`)
    // /suivi, where anyone with the code looks, shows the same public history.
    await gotoReady(page, `${server.url}/suivi?code=${filed.anonymous_code}`)
    await page.getByText(`Motif\u202f: ${REASON}`).waitFor()
    await phone.close()
    // And the reason is a message to the device that filed it.
    const inbox = await citizenNotifications(server.url, filed.citizenToken)
    expect(inbox.items[0]).toMatchObject({ title: 'Votre signalement a été rejeté', message: REASON })
  })

  it('offers "En cours" and "Résolu" only once an organisation handles the report, which it assigns', async ({
    server,
    browser,
  }) => {
    const filed = await fileReportAsCitizen(server.url, {
      description: 'Caniveau bouché rue 11, l’eau déborde sur la chaussée à chaque pluie.',
    })
    const admin = await adminPage({ server, browser })
    const dialog = await openReport(server, admin, filed.anonymous_code)
    const status = dialog.getByLabel('Statut')
    expect(await status.locator('option').allInnerTexts()).toEqual(['En attente', 'Rejeté'])
    await dialog.getByText('Aucune organisation ne le prend en charge').waitFor()
    await dialog.getByLabel('Attribuer à…').selectOption({ label: 'Direction de la voirie de Dakar' })
    await dialog.getByRole('button', { name: 'Attribuer' }).click()
    await admin.getByText('Signalement attribué à Direction de la voirie de Dakar').waitFor()
    await expect.poll(() => status.inputValue()).toBe('en-cours')
    expect(await status.locator('option').count()).toBe(4)
    await dialog.getByText('Attribué à Direction de la voirie de Dakar par l’administration').waitFor()
    await admin.context().close()
    const tracked = (await (
      await fetch(`${server.url}/api/reports/track/${filed.anonymous_code}`)
    ).json()) as {
      status: string
      organization_name: string
    }
    expect(tracked).toMatchObject({
      status: 'en-cours',
      organization_name: 'Direction de la voirie de Dakar',
    })
  })
})
