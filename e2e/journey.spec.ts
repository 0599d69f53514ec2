// The whole life of a report across the three spaces, each in its own browser (DESIGN.md
// section 10): a citizen files a report with a photo, an organisation signs up, an administrator
// approves it, the organisation claims the report, resolves it and writes to the citizen, and the
// citizen reads the message on the phone.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect } from 'vitest'
import { dakarContext, newReadyPage } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'

const ORGANIZATION = {
  name: 'Mairie de Fann-Point E-Amitié',
  email: 'voirie@mairie-fann.sn',
  phone: '+221 33 825 00 00',
  address: 'Avenue Cheikh Anta Diop',
  password: 'fann2026',
}
const MESSAGE = {
  title: 'Nid-de-poule rebouché',
  text: 'Nos équipes sont intervenues ce matin. Merci de votre signalement !',
}

/** The photo the citizen takes, as the phone's camera hands it to the page. */
async function streetPhoto() {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#806b5a' } })
    .jpeg()
    .toBuffer()
  return { name: 'nid-de-poule.jpg', mimeType: 'image/jpeg', buffer }
}

function newContext(browser: Browser, options: { phone?: boolean } = {}): Promise<BrowserContext> {
  return dakarContext(browser, {
    viewport: options.phone ? { width: 360, height: 740 } : { width: 1280, height: 800 },
    geolocation: { latitude: 14.6937, longitude: -17.4441 },
    permissions: ['geolocation'],
  })
}

async function fileReport(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
  await page.locator('label').filter({ hasText: 'Voirie' }).click()
  await page.getByLabel('Adresse').fill('Avenue Cheikh Anta Diop, Fann')
  await page.getByLabel('Description').fill('Nid-de-poule profond devant l’université, les motos tombent.')
  await page.getByTestId('photo-camera-input').setInputFiles(await streetPhoto())
  await page.getByRole('img', { name: 'Aperçu de la photo' }).waitFor()
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
  await page.getByRole('heading', { name: 'Merci ! Votre signalement est envoyé' }).waitFor()
  return (await page.getByTestId('anonymous-code').innerText()).trim()
}

async function signUp(page: Page) {
  await page.getByLabel('Nom de l’organisation').fill(ORGANIZATION.name)
  await page.getByLabel('Type d’organisation').selectOption({ label: 'Mairie' })
  await page.getByLabel('Email').fill(ORGANIZATION.email)
  await page.getByLabel('Téléphone').fill(ORGANIZATION.phone)
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByLabel('Adresse').fill(ORGANIZATION.address)
  await page.getByLabel('Ville').selectOption('Dakar')
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByText('Voirie', { exact: true }).click()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByLabel('Votre nom').fill('Awa Ndiaye')
  await page.getByLabel('Mot de passe', { exact: true }).fill(ORGANIZATION.password)
  await page.getByLabel('Confirmer le mot de passe').fill(ORGANIZATION.password)
  await page.getByRole('button', { name: 'Finaliser l’inscription' }).click()
  await page.getByRole('heading', { name: 'Inscription réussie !' }).waitFor()
}

async function approveAsAdmin(page: Page) {
  await page.getByLabel('Nom d’utilisateur').fill('admin')
  await page.getByLabel('Mot de passe', { exact: true }).fill('admin-e2e-password')
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await page.getByRole('heading', { name: 'Tableau de bord', level: 1 }).waitFor()
  await page.getByRole('navigation').getByRole('link', { name: 'Organisations' }).click()
  const row = page.getByRole('row', { name: new RegExp(ORGANIZATION.name) })
  await row.getByText('En attente').waitFor()
  await row.getByRole('button', { name: `Actions pour ${ORGANIZATION.name}` }).click()
  await page.getByRole('menuitem', { name: 'Approuver' }).click()
  await page.getByText('Statut mis à jour').waitFor()
  await row.getByText('Approuvé').waitFor()
}

async function goTo(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Espace Organisation' })
    .getByRole('link', { name: label })
    .click()
}

it.beforeAll(startServerAndBrowser)

describe('a report, from the citizen to the organisation and back', () => {
  it('is filed, claimed, resolved and answered, and the citizen reads the answer', async ({
    server,
    browser,
  }) => {
    const citizen = await newReadyPage(await newContext(browser, { phone: true }), `${server.url}/signaler`)
    const code = await fileReport(citizen)

    const organization = await newReadyPage(await newContext(browser), `${server.url}/organization/signup`)
    await signUp(organization)
    const admin = await newReadyPage(await newContext(browser), `${server.url}/admin/login`)
    await approveAsAdmin(admin)

    // The organisation logs in and finds the citizen's report among those of its category.
    await organization.waitForURL('**/organization/login')
    await organization.getByLabel('Email').fill(ORGANIZATION.email)
    await organization.getByLabel('Mot de passe', { exact: true }).fill(ORGANIZATION.password)
    await organization.getByRole('button', { name: 'Se connecter' }).click()
    await organization.getByRole('heading', { name: `Bienvenue, ${ORGANIZATION.name}` }).waitFor()
    await goTo(organization, 'Signalements disponibles')
    const card = organization.getByRole('article').filter({ hasText: code })
    await card.getByText('Avenue Cheikh Anta Diop, Fann').waitFor()
    await card.getByRole('button', { name: `Prendre en charge le signalement ${code}` }).click()
    await organization
      .getByRole('dialog', { name: 'Prendre en charge ce signalement ?' })
      .getByRole('button', { name: 'Prendre en charge' })
      .click()
    await organization.getByText('Signalement pris en charge').waitFor()

    await goTo(organization, 'Mes signalements')
    await organization
      .getByRole('combobox', { name: `Statut du signalement ${code}` })
      .selectOption({ label: 'Résolu' })
    await organization
      .getByRole('dialog', { name: 'Marquer ce signalement comme résolu\u202f?' })
      .getByRole('button', { name: 'Marquer comme résolu' })
      .click()
    await organization.getByText('Statut mis à jour').waitFor()

    await goTo(organization, 'Notifications')
    await organization
      .getByRole('button', { name: `Envoyer un message au citoyen du signalement ${code}` })
      .click()
    const dialog = organization.getByRole('dialog', { name: 'Envoyer un message' })
    await dialog.getByLabel('Titre').fill(MESSAGE.title)
    await dialog.getByLabel('Message').fill(MESSAGE.text)
    await dialog.getByRole('button', { name: 'Envoyer' }).click()
    await organization.getByText('Notification envoyée').waitFor()

    // Back on the phone: the bell counts the message, the page shows it, the report is resolved.
    await citizen.goto(`${server.url}/`)
    await citizen.getByRole('link', { name: 'Notifications (1)' }).click()
    const message = citizen.getByRole('article').filter({ hasText: MESSAGE.title })
    await message.getByText(MESSAGE.text).waitFor()
    await citizen.goto(`${server.url}/mes-signalements`)
    const mine = citizen.getByRole('article').filter({ hasText: code })
    await mine.getByText('Résolu').first().waitFor()
    await citizen.goto(`${server.url}/suivi?code=${code}`)
    await citizen.getByRole('article').getByText('Résolu').first().waitFor()

    // The administrator's dashboard counts it as resolved.
    await admin.getByRole('navigation').getByRole('link', { name: 'Tableau de bord' }).click()
    const resolved = admin.getByRole('region', { name: 'Résolus' })
    await expect.poll(() => resolved.innerText()).toContain('1')
    for (const page of [citizen, organization, admin]) await page.context().close()
  })
})
