// Issue 29: an organisation is a team. Its responsable invites an agent from a phone, hands over
// the link, and the agent chooses a password from it and signs in with their own e-mail.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './support/accessibility'
import { gotoReady } from './support/browser'
import { approveOrganization, callApi } from './support/organization-api'
import type { E2eServer } from './support/server'
import { dakarContext, startSuite, stopSuite } from './support/suite'

const RESPONSABLE = { email: `awa-${Date.now()}@mairie-fann.sn`, password: 'fann2026' }
const AGENT = { name: 'Moussa Diop', email: `moussa-${Date.now()}@mairie-fann.sn`, password: 'moussa2026' }

let server: E2eServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startSuite())
  const categories = (await callApi(server.url, '/api/categories', { method: 'GET' })) as { id: number }[]
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

afterAll(() => stopSuite({ server, browser }))

/** A phone of Dakar: small screen, touch. */
const phone = (): Promise<BrowserContext> =>
  dakarContext(browser, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await gotoReady(page, `${server.url}/organization/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Mot de passe', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByText('Connexion réussie').waitFor()
}

describe('a team', () => {
  it('the responsable invites an agent from a phone; the agent accepts from the link and signs in', async () => {
    const responsablePhone = await phone()
    const page = await responsablePhone.newPage()
    await signIn(page, RESPONSABLE)
    await gotoReady(page, `${server.url}/organization/equipe`)
    await page.getByRole('heading', { level: 1, name: 'Équipe' }).waitFor()
    await page.getByText('Awa Ndiaye (vous)').waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Inviter un membre' }).click()
    const dialog = page.getByRole('dialog', { name: 'Inviter un membre' })
    await dialog.getByLabel('Nom').fill(AGENT.name)
    await dialog.getByLabel('Email').fill(AGENT.email)
    await dialog.getByRole('button', { name: 'Créer l’invitation' }).click()
    const link = await dialog.getByLabel('Lien d’invitation').inputValue()
    expect(link).toMatch(/\/organization\/invitation\/[A-Za-z0-9_-]{43}$/)
    await dialog.getByRole('button', { name: 'Terminé' }).click()
    await page.getByText(AGENT.email).waitFor()
    expect(await page.getByRole('listitem').filter({ hasText: AGENT.name }).textContent()).toContain('Invité')

    // The agent opens the link on their own phone.
    const agentPhone = await phone()
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
    await agentPage.getByRole('heading', { name: /Bienvenue/ }).waitFor()

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
