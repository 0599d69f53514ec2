// Issue 29: an organisation is a team. Its responsable invites an agent from a phone, hands over
// the link, and the agent chooses a password from it and signs in with their own e-mail.
import { eq } from 'drizzle-orm'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { notifications, reportEvents, reports } from '../src/server/db/schema'
import { seriousViolations } from './support/accessibility'
import { DAKAR_PLATEAU, dakarContext, gotoReady, serviceWorkerInControl } from './support/browser'
import { cameraPhoto } from './support/citizen-photo'
import { it } from './support/fixtures'
import { approveOrganization, callApi, fileReportAsCitizen } from './support/organization-api'
import type { E2eServer } from './support/server'

const RESPONSABLE = { email: `awa-${Date.now()}@mairie-fann.sn`, password: 'fann2026' }
const AGENT = { name: 'Moussa Diop', email: `moussa-${Date.now()}@mairie-fann.sn`, password: 'moussa2026' }

/** The one category of the organisation. */
let category: string

it.beforeAll(async ({ server }) => {
  const categories = (await callApi(server.url, '/api/categories', { method: 'GET' })) as {
    id: number
    nom: string
  }[]
  category = categories[0]?.nom ?? ''
  await callApi(server.url, '/api/organizations/signup', {
    method: 'POST',
    body: {
      name: 'Mairie de Fann-Point E-Amitié',
      type: 'mairie',
      email: RESPONSABLE.email,
      phone: '+221 33 824 00 00',
      address: 'Avenue Cheikh Anta Diop',
      city: 'Dakar',
      categoryIds: [categories[0]?.id],
      password: RESPONSABLE.password,
      responsableName: 'Awa Ndiaye',
    },
  })
  await approveOrganization(server.url, RESPONSABLE.email)
})

/** A phone of Dakar: small screen, touch, and (for the field) its position on the Plateau. */
const phone = (browser: Browser): Promise<BrowserContext> =>
  dakarContext(browser, {
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    geolocation: DAKAR_PLATEAU,
    permissions: ['geolocation'],
  })

async function signIn(
  server: E2eServer,
  page: Page,
  { email, password }: { email: string; password: string },
) {
  await gotoReady(page, `${server.url}/organization/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByText('Connexion réussie').waitFor()
}

describe('a team', () => {
  it('the responsable invites an agent from a phone; the agent accepts from the link and signs in', async ({
    server,
    browser,
  }) => {
    const responsablePhone = await phone(browser)
    const page = await responsablePhone.newPage()
    await signIn(server, page, RESPONSABLE)
    await gotoReady(page, `${server.url}/organization/equipe`)
    await page.getByRole('heading', { level: 1, name: 'Équipe' }).waitFor()
    await page.getByText('Awa Ndiaye (vous)').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Inviter un membre' }).click()
    const dialog = page.getByRole('dialog', { name: 'Inviter un membre' })
    await dialog.getByLabel('Nom').fill(AGENT.name)
    await dialog.getByLabel('Email').fill(AGENT.email)
    await dialog.getByRole('button', { name: 'Créer l’invitation' }).click()
    // The responsable's password, asked once before what could hand the team over (issue 47).
    const asked = page.getByRole('dialog', { name: 'Votre mot de passe' })
    await asked.getByLabel('Mot de passe', { exact: true }).fill(RESPONSABLE.password)
    await asked.getByRole('button', { name: 'Confirmer' }).click()
    const link = await dialog.getByLabel('Lien d’invitation').inputValue()
    expect(link).toMatch(/\/organization\/invitation\/[A-Za-z0-9_-]{43}$/)
    await dialog.getByRole('button', { name: 'Terminé' }).click()
    await page.getByText(AGENT.email).waitFor()
    expect(await page.getByRole('listitem').filter({ hasText: AGENT.name }).textContent()).toContain('Invité')

    // The agent opens the link on their own phone.
    const agentPhone = await phone(browser)
    const agentPage = await agentPhone.newPage()
    await gotoReady(agentPage, link)
    await agentPage.getByRole('heading', { name: 'Rejoindre Mairie de Fann-Point E-Amitié' }).waitFor()
    expect(await seriousViolations(agentPage)).toEqual([])
    await agentPage.getByLabel('Mot de passe', { exact: true }).fill(AGENT.password)
    await agentPage.getByLabel('Confirmer le mot de passe').fill(AGENT.password)
    await agentPage.getByRole('button', { name: 'Activer mon compte' }).click()
    await agentPage.getByRole('heading', { name: 'Compte activé' }).waitFor()
    await agentPage.getByRole('link', { name: 'Aller à la connexion' }).click()
    await agentPage.getByLabel('Email').fill(AGENT.email)
    await agentPage.getByLabel('Mot de passe', { exact: true }).fill(AGENT.password)
    await agentPage.getByRole('button', { name: 'Se connecter' }).click()
    // An agent's home is their round.
    await agentPage.getByRole('heading', { level: 1, name: 'Ma tournée' }).waitFor()

    // The link is spent.
    const again = await agentPhone.newPage()
    await gotoReady(again, link)
    await again.getByText('Ce lien d’invitation a déjà servi ou a expiré.', { exact: false }).waitFor()

    // The responsable sees the agent active.
    await page.reload()
    await page.getByText(AGENT.email).waitFor()
    expect(await page.getByRole('listitem').filter({ hasText: AGENT.name }).textContent()).toContain('Actif')
    await responsablePhone.close()
    await agentPhone.close()
  })
})

describe('work handed to an agent', () => {
  it('the responsable assigns a report; the agent, offline, resolves it with a photo and a message, sent once when the network returns; the public sees the photo and no name', async ({
    server,
    browser,
  }) => {
    const filed = await fileReportAsCitizen(server.url, {
      category,
      description: `Nid-de-poule devant l’école ${Date.now()}`,
    })
    const { token } = await callApi(server.url, '/api/auth/login', {
      method: 'POST',
      body: { userType: 'organization', ...RESPONSABLE },
    })
    await callApi(server.url, `/api/org/reports/${filed.id}/claim`, { method: 'POST', token })

    // The responsable hands it to Moussa from the list of the organisation's reports.
    const responsablePhone = await phone(browser)
    const page = await responsablePhone.newPage()
    await signIn(server, page, RESPONSABLE)
    await gotoReady(page, `${server.url}/organization/managed-reports`)
    const code = filed.anonymous_code
    await page.getByLabel(`Membre à qui confier le signalement ${code}`).selectOption({ label: AGENT.name })
    await page.getByText('Signalement confié').waitFor()
    // The map follows "Confiés à" like the list: handed to Moussa, it is nobody's no more.
    await page.getByRole('radio', { name: 'Carte' }).click()
    const map = page.getByRole('region', { name: 'Carte des signalements' })
    await map.getByText('1 signalement(s) dans cette partie de la carte').waitFor()
    await page.getByLabel('Confiés à').selectOption({ label: 'Personne' })
    await map.getByText('0 signalement(s) dans cette partie de la carte').waitFor()
    await responsablePhone.close()

    // Moussa's round, seen once with a network, then the network goes.
    const agentPhone = await phone(browser)
    const agentPage = await agentPhone.newPage()
    await signIn(server, agentPage, AGENT)
    await agentPage.getByRole('heading', { level: 1, name: 'Ma tournée' }).waitFor()
    await serviceWorkerInControl(agentPage)
    const card = agentPage.getByRole('article').filter({ hasText: filed.anonymous_code })
    await card.getByText('Itinéraire').first().waitFor()
    expect(await seriousViolations(agentPage)).toEqual([])
    await agentPhone.setOffline(true)
    // Even reopened without a network, the round is there, as last seen.
    await agentPage.reload()
    await agentPage.getByText('Hors connexion : liste enregistrée le', { exact: false }).waitFor()

    await card.getByRole('button', { name: 'Résolu' }).click()
    await card.getByRole('button', { name: 'Envoyer un message' }).click()
    const messageDialog = agentPage.getByRole('dialog')
    await messageDialog.getByLabel('Titre').fill('Trou rebouché')
    await messageDialog.getByLabel('Message', { exact: true }).fill('Le trou devant l’école est rebouché.')
    await messageDialog.getByRole('button', { name: 'Envoyer', exact: true }).click()
    await messageDialog.waitFor({ state: 'detached' })
    await card.getByRole('button', { name: 'Photo après intervention' }).click()
    const photoDialog = agentPage.getByRole('dialog')
    await photoDialog.getByLabel('Photo', { exact: true }).setInputFiles({
      name: 'apres.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(),
    })
    await photoDialog.getByLabel('Note (publique, facultative)').fill('Rebouché au bitume.')
    await photoDialog.getByRole('button', { name: 'Envoyer', exact: true }).click()
    await photoDialog.waitFor({ state: 'detached' })
    await agentPage.getByText('3 actions en attente d’envoi', { exact: false }).waitFor()
    expect(await card.getByText('En attente d’envoi').count()).toBe(3)

    const row = async () => (await server.db.db.select().from(reports).where(eq(reports.id, filed.id)))[0]
    expect((await row())?.status).toBe('en-cours')

    // The network returns: each action reaches the server once, in the order it was done.
    await agentPhone.setOffline(false)
    await card.getByText('En attente d’envoi').first().waitFor({ state: 'detached', timeout: 30_000 })
    const sent = await row()
    expect(sent?.status).toBe('resolu')
    expect(sent?.resolution_photo_url).toMatch(/\.webp$/)
    expect(sent?.resolution_note).toBe('Rebouché au bitume.')
    const messages = await server.db.db
      .select()
      .from(notifications)
      .where(eq(notifications.report_id, filed.id))
    expect(messages.map((message) => message.title)).toEqual(['Trou rebouché'])
    const lines = await server.db.db.select().from(reportEvents).where(eq(reportEvents.report_id, filed.id))
    expect(lines.map((line) => line.kind).filter((kind) => kind !== 'created' && kind !== 'claimed')).toEqual(
      ['status_changed', 'message_sent', 'resolution_photo'],
    )
    await agentPhone.close()

    // Anyone reads it after the work, never who did it.
    const visitor = await dakarContext(browser)
    const publicPage = await visitor.newPage()
    await gotoReady(publicPage, `${server.url}/signalements/${filed.id}`)
    await publicPage.getByRole('heading', { name: 'Après intervention' }).waitFor()
    await publicPage.getByText('Rebouché au bitume.').waitFor()
    const photoLoaded = await publicPage
      .getByRole('img', { name: 'Le lieu après l’intervention' })
      .evaluate((image) =>
        (image as HTMLImageElement).decode().then(() => (image as HTMLImageElement).naturalWidth),
      )
    expect(photoLoaded).toBeGreaterThan(0)
    expect(await publicPage.locator('body').textContent()).not.toContain(AGENT.name)
    expect(await seriousViolations(publicPage)).toEqual([])
    await visitor.close()
  })
})
