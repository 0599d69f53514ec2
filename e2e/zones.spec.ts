// Issue 30: an organisation covers communes. The town hall of Médina signs up from a phone and
// chooses its commune on the wizard's step 3; once approved, it is offered Médina's report and not
// the one of Parcelles Assainies, though both are of its category. Issue 47: approved, it asks for
// Parcelles Assainies too in Paramètres, and is offered its report only once an administrator has
// approved the new zone.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { seriousViolations } from './support/accessibility'
import { dakarContext, gotoReady } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'
import { approveOrganization, callApi, fileReportAsCitizen } from './support/organization-api'
import { E2E_ADMIN } from './support/server'

const ORGANIZATION = {
  name: 'Mairie de la Médina',
  email: `zone-${Date.now()}@mairie-medina.sn`,
  password: 'medina2026',
}
const CATEGORY = 'Voirie'

/** Whether the page is wider than the screen (a phone would scroll sideways). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

async function signUpForMedina(page: Page) {
  await page.getByText('Étape 1 sur 4').waitFor()
  await page.getByLabel('Nom de l’organisation').fill(ORGANIZATION.name)
  await page.getByLabel('Type d’organisation').selectOption({ label: 'Mairie' })
  await page.getByLabel('Email').fill(ORGANIZATION.email)
  await page.getByLabel('Téléphone').fill('+221 33 821 00 00')
  await page.getByRole('button', { name: 'Suivant' }).click()

  await page.getByText('Étape 2 sur 4').waitFor()
  await page.getByLabel('Adresse').fill('Rue 6, Médina')
  await page.getByLabel('Ville').selectOption('Dakar')
  await page.getByRole('button', { name: 'Suivant' }).click()

  await page.getByRole('heading', { name: 'Catégories et zone' }).waitFor()
  await page.getByText(CATEGORY, { exact: true }).click()
  const zone = page.getByRole('group', { name: 'Communes couvertes' })
  expect(await zone.getByRole('radio', { name: 'Tout le département de Dakar' }).isChecked()).toBe(true)
  await zone.getByRole('radio', { name: 'Certaines communes' }).click()
  const communes = page.getByRole('group', { name: 'Choisissez les communes' })
  await communes.getByRole('checkbox', { name: 'Médina' }).waitFor()
  expect(await communes.getByRole('checkbox').count()).toBe(19)
  // Communes chosen but none ticked: said on the step, which stays.
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByText('Choisissez au moins une commune, ou tout le département de Dakar.').waitFor()
  expect(await page.getByText('Étape 3 sur 4').isVisible()).toBe(true)
  expect(await overflowsSideways(page)).toBe(false)
  expect(await seriousViolations(page)).toEqual([])

  await communes.getByRole('checkbox', { name: 'Médina' }).click()
  await page.getByText('1 commune choisie').waitFor()
  await page.getByRole('button', { name: 'Suivant' }).click()

  await page.getByText('Étape 4 sur 4').waitFor()
  const summary = page.getByRole('region', { name: 'Récapitulatif' })
  await summary.getByText('Médina', { exact: true }).waitFor()
  await page.getByLabel('Votre nom').fill('Awa Ndiaye')
  await page.getByLabel('Mot de passe', { exact: true }).fill(ORGANIZATION.password)
  await page.getByLabel('Confirmer le mot de passe').fill(ORGANIZATION.password)
  await page.getByRole('button', { name: 'Finaliser l’inscription' }).click()
  await page.getByRole('heading', { name: 'Inscription réussie !' }).waitFor()
}

/** An administrator approves the new zone the organisation of this e-mail asked for (the API). */
async function approveZoneChange(baseUrl: string, email: string) {
  const { token } = await callApi(baseUrl, '/api/auth/login', {
    method: 'POST',
    body: { userType: 'admin', ...E2E_ADMIN },
  })
  const waiting = await callApi(baseUrl, '/api/admin/organizations?status=zone_change', {
    method: 'GET',
    token,
  })
  const organization = waiting.items.find((item: { email: string }) => item.email === email)
  await callApi(baseUrl, `/api/admin/organizations/${organization.id}`, {
    method: 'PATCH',
    token,
    body: { zone_change: 'approve' },
  })
}

it.beforeAll(startServerAndBrowser)

describe('zones', () => {
  it('an organisation of Médina sees Médina’s report, and Parcelles Assainies’ once an administrator approved the zone it asked for', async ({
    server,
    browser,
  }) => {
    const phone = await dakarContext(browser, {
      viewport: { width: 360, height: 740 },
      hasTouch: true,
      isMobile: true,
    })
    const signup = await phone.newPage()
    await gotoReady(signup, `${server.url}/organization/signup`)
    await signUpForMedina(signup)
    await phone.close()

    await approveOrganization(server.url, ORGANIZATION.email)
    const inMedina = await fileReportAsCitizen(server.url, {
      description: 'Nid-de-poule profond devant le marché Tilène, les motos tombent.',
      category: CATEGORY,
      place: { latitude: 14.6795, longitude: -17.447, address: 'Avenue Blaise Diagne, Médina' },
    })
    const inParcelles = await fileReportAsCitizen(server.url, {
      description: 'Chaussée effondrée près du rond-point de l’Unité 15.',
      category: CATEGORY,
      place: { latitude: 14.7625, longitude: -17.4435, address: 'Unité 15, Parcelles Assainies' },
    })

    const desk = await dakarContext(browser, { viewport: { width: 1280, height: 800 } })
    const page = await desk.newPage()
    await gotoReady(page, `${server.url}/organization/login`)
    await page.getByLabel('Email').fill(ORGANIZATION.email)
    await page.getByLabel('Mot de passe', { exact: true }).fill(ORGANIZATION.password)
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByRole('heading', { name: `Bienvenue, ${ORGANIZATION.name}` }).waitFor()

    await page
      .getByRole('navigation', { name: 'Espace Organisation' })
      .getByRole('link', { name: 'Signalements disponibles' })
      .click()
    await page.getByRole('heading', { level: 1, name: 'Signalements disponibles' }).waitFor()
    await page.getByRole('article').filter({ hasText: inMedina.anonymous_code }).waitFor()
    expect(await page.getByRole('article').filter({ hasText: inParcelles.anonymous_code }).count()).toBe(0)
    expect(await page.getByRole('article').count()).toBe(1)

    // Paramètres says which zone it covers; a new one waits for an administrator.
    const nav = page.getByRole('navigation', { name: 'Espace Organisation' })
    await nav.getByRole('link', { name: 'Paramètres' }).click()
    const zone = page.getByRole('region', { name: 'Zone d’intervention' })
    await zone.getByText('Zone actuelle : Médina').waitFor()
    await zone.getByRole('checkbox', { name: 'Parcelles Assainies' }).click()
    await zone.getByRole('button', { name: 'Enregistrer la zone' }).click()
    await page
      .getByText('Votre nouvelle zone s’appliquera dès qu’un administrateur l’aura validée.')
      .waitFor()
    await zone
      .getByText(
        'Zone demandée : Médina, Parcelles Assainies, en attente de la validation d’un administrateur.',
      )
      .waitFor()
    expect(await zone.getByText('Zone actuelle : Médina', { exact: true }).isVisible()).toBe(true)
    await nav.getByRole('link', { name: 'Signalements disponibles' }).click()
    await page.getByRole('article').filter({ hasText: inMedina.anonymous_code }).waitFor()
    expect(await page.getByRole('article').count()).toBe(1)

    await approveZoneChange(server.url, ORGANIZATION.email)
    await page.reload()
    await page.getByRole('article').filter({ hasText: inParcelles.anonymous_code }).waitFor()
    expect(await page.getByRole('article').count()).toBe(2)
    await desk.close()
  })
})
