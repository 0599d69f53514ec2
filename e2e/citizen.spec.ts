import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect } from 'vitest'
import { MAP_MAX_POINTS } from '../src/domain/map'
import { notifications, reports } from '../src/server/db/schema'
import { seriousViolations } from './support/accessibility'
import { dakarContext, FAKE_MEDIA_ARGS, gotoReady, rememberCitizenToken } from './support/browser'
import { multipartParts } from './support/citizen-multipart'
import { it, startServerAndBrowser } from './support/fixtures'
import { fileReportAsCitizen } from './support/organization-api'

const DEVICE_POSITION = { latitude: 14.6937, longitude: -17.4441 }

/** The citizen's phone: its position known, its camera, microphone and clipboard allowed. */
const CITIZEN_PHONE = {
  viewport: { width: 390, height: 844 },
  geolocation: DEVICE_POSITION,
  permissions: ['geolocation', 'microphone', 'camera', 'clipboard-read', 'clipboard-write'],
}

// A fake camera and microphone (a beeping tone) that need no prompt; each test's page a citizen's phone.
it.override('browserArgs', FAKE_MEDIA_ARGS)
it.override('contextOptions', CITIZEN_PHONE)

/** A report filed through the API by another device, on Rue 6 near the phone. */
const fileStreetLightReport = (serverUrl: string, description: string) =>
  fileReportAsCitizen(serverUrl, {
    description,
    category: 'Éclairage public',
    place: { latitude: 14.695, longitude: -17.446, address: 'Rue 6, Médina' },
  })

it.beforeAll(startServerAndBrowser)

describe('a citizen', () => {
  it('files a report with a compressed photo and a voice note, then follows it everywhere', async ({
    server,
    browser,
    page,
    cameraPhoto,
  }) => {
    expect(cameraPhoto.buffer.length).toBeGreaterThan(3.5 * 1024 * 1024)
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByRole('heading', { name: 'Signaler un problème', level: 1 }).waitFor()
    await expect.poll(() => page.title()).toBe('Signaler un problème | Alertes urbaines')

    // The pin starts at the device's position; no geocoder here, so the coordinates are shown.
    await page.getByText('Position : 14.6937, -17.4441').waitFor()
    await page.getByText('Le service d’adresses ne répond pas.', { exact: false }).waitFor()
    // The map's still preview shows the pin; Leaflet waits for a touch.
    await page.locator('[title="Lieu du problème"]').waitFor()

    // Categories are large buttons: a tap on the label chooses it.
    await page.locator('label').filter({ hasText: 'Voirie' }).click()
    expect(await page.getByRole('radio', { name: 'Voirie' }).isChecked()).toBe(true)
    await page.getByLabel('Adresse').fill('Avenue Cheikh Anta Diop, Fann')
    await page.getByLabel('Description').fill('Nid-de-poule profond devant l’université, les motos tombent.')
    expect(await page.getByLabel('Département').inputValue()).toBe('Dakar')

    await page.getByTestId('photo-camera-input').setInputFiles(cameraPhoto)
    await page.getByRole('img', { name: 'Aperçu de la photo' }).waitFor()
    await page.getByText(/Photo prête\s: \d+ Ko \(au lieu de 4(,\d)? Mo\)/).waitFor()

    await page.getByRole('button', { name: 'Enregistrer une note vocale' }).click()
    await page.getByText('Enregistrement en cours').waitFor()
    await page.getByText('0:03 / 2:00').waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Arrêter' }).click()
    await page.getByText(/Note vocale\s: 0:0\d, \d+ Ko/).waitFor()
    await page.locator('audio[aria-label="Écouter la note vocale"]').waitFor()
    await page.getByText(/Taille de l’envoi\s: \d+ Ko/).waitFor()

    const upload = page.waitForRequest((request) => request.url().endsWith('/api/reports'))
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    const request = await upload
    await page.getByRole('heading', { name: 'Merci ! Votre signalement est envoyé' }).waitFor()
    const code = (await page.getByTestId('anonymous-code').innerText()).trim()
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/)

    // What left the phone: a photo shrunk to 1600 px and under ~300 KB, an Opus voice note.
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    const body = request.postDataBuffer()
    expect(body).not.toBeNull()
    const parts = multipartParts(body ?? Buffer.alloc(0), request.headers()['content-type'] ?? '')
    const photo = parts.get('photo')
    expect(photo?.type).toBe('image/webp')
    expect(photo?.data.length).toBeLessThanOrEqual(300 * 1024)
    const { width, height, exif } = await sharp(photo?.data).metadata()
    expect(Math.max(width ?? 0, height ?? 0)).toBe(1600)
    expect(exif).toBeUndefined()
    expect(parts.get('audio')?.type).toBe('audio/webm')
    expect(parts.get('audio')?.data.subarray(0, 4).toString('hex')).toBe('1a45dfa3')
    const [row] = await server.db.db.select().from(reports).where(eq(reports.anonymous_code, code))
    expect(row).toMatchObject({
      type: 'Voirie',
      address: 'Avenue Cheikh Anta Diop, Fann',
      department: 'Dakar',
    })
    expect(row?.latitude).toBeCloseTo(DEVICE_POSITION.latitude, 4)
    expect(row?.photo_url).toMatch(/^\/files\/.+\.webp$/)
    expect(row?.audio_url).toMatch(/^\/files\/.+\.webm$/)

    await page.getByRole('button', { name: 'Copier le code' }).click()
    await page.getByText('Code copié').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)

    // Mes signalements: the card, its photo, its voice note, its history.
    await page.getByRole('link', { name: 'Voir mes signalements' }).click()
    await page.getByRole('heading', { name: 'Mes signalements', level: 1 }).waitFor()
    const card = page.getByRole('article').filter({ hasText: code })
    await card.getByRole('heading', { name: 'Voirie' }).waitFor()
    expect(await card.innerText()).toContain('En attente')
    expect(await card.innerText()).toContain('Avenue Cheikh Anta Diop, Fann')
    const thumbnail = card.getByRole('img', { name: 'Photo du signalement : Voirie' })
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)
    expect(await card.locator('audio').getAttribute('src')).toBe(row?.audio_url)
    await card.getByText('Historique (1)').click()
    await card.getByText('Signalement envoyé').waitFor()

    // The home page's recent list.
    await page.goto(`${server.url}/`)
    await page
      .getByRole('article')
      .filter({ hasText: 'Nid-de-poule profond devant l’université' })
      .getByText('Avenue Cheikh Anta Diop, Fann')
      .waitFor()

    // /suivi with the code, as another device would open it.
    const other = await dakarContext(browser, CITIZEN_PHONE)
    const tracking = await other.newPage()
    await gotoReady(tracking, `${server.url}/suivi?code=${code.toLowerCase()}`)
    await tracking.getByRole('heading', { name: 'Voirie' }).waitFor()
    expect(await tracking.getByLabel('Code du signalement').inputValue()).toBe(code.toLowerCase())
    const tracked = await tracking.getByRole('article').innerText()
    expect(tracked).toContain('En attente')
    expect(tracked).toContain(code)
    expect(tracked).not.toContain('Nid-de-poule')
    // Following it there puts it in that device's "Mes signalements".
    await tracking.getByRole('button', { name: 'Suivre sur cet appareil' }).click()
    await tracking.getByText('Ce signalement est suivi sur cet appareil.').waitFor()
    await tracking.getByRole('link', { name: 'Voir mes signalements' }).click()
    // There without its code: the code is the filer's (issue 27), the card says how it came.
    const followed = tracking.getByRole('article').filter({ hasText: 'Suivi avec son code' })
    await followed.getByRole('heading', { name: 'Voirie' }).waitFor()
    expect(await followed.innerText()).not.toContain(code)

    await other.close()
  })

  it('sees the messages of organisations, counted on the bell until read', async ({
    server,
    context,
    page,
  }) => {
    const filed = await fileStreetLightReport(
      server.url,
      'Lampadaire éteint depuis une semaine au coin de la rue.',
    )
    await server.db.db.insert(notifications).values({
      report_id: filed.id,
      title: 'Intervention prévue',
      message: 'Une équipe passe jeudi matin pour changer la lampe.',
      anonymous_code: filed.anonymous_code,
    })
    await rememberCitizenToken(context, filed.citizenToken)
    // Any page's header has the bell: a page without the map, which a busy machine renders sooner.
    await gotoReady(page, `${server.url}/a-propos`)
    // The count comes after the page is hydrated: on a loaded machine that can take long.
    await page.getByRole('link', { name: 'Notifications (1)' }).click({ timeout: 60_000 })
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor()
    const message = page.getByRole('article').filter({ hasText: 'Intervention prévue' })
    await message.getByText('Une équipe passe jeudi matin pour changer la lampe.').waitFor()
    await message.getByText('Non lu').waitFor()
    // Viewed, hence read: the bell no longer counts it.
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor()
    expect(await page.getByTestId('unread-badge').count()).toBe(0)
  }, 120_000)

  it('sees the reports of the database as markers on the home map, with a popup', async ({
    server,
    page,
  }) => {
    await server.insertReport({
      description: 'Dépôt d’ordures sauvage près du marché.',
      categoryName: 'Propreté',
      status: 'en-cours',
      // Apart from the reports filed above, which group together around the device's position.
      latitude: DEVICE_POSITION.latitude - 0.004,
      longitude: DEVICE_POSITION.longitude + 0.004,
      created_at: '2026-11-20T09:30:00Z',
    })
    await server.insertReport({
      description: 'Signalement rejeté : jamais sur la carte.',
      categoryName: 'Autre',
      status: 'rejete',
      latitude: DEVICE_POSITION.latitude - 0.001,
      longitude: DEVICE_POSITION.longitude - 0.001,
    })
    await gotoReady(page, `${server.url}/`)
    const marker = page.locator('.report-marker[title^="Propreté – En cours – 20 novembre 2026"]')
    await marker.waitFor()
    expect(await page.locator('.report-marker[title^="Autre"]').count()).toBe(0)
    await marker.click()
    const popup = page.locator('.leaflet-popup')
    await popup.getByText('Propreté').waitFor()
    await popup.getByText('En cours').waitFor()
    await popup.getByText('Signalé le 20 novembre 2026').waitFor()
  })
})

describe('the voice recorder on a small phone', () => {
  it('keeps its title and its time on one line each at 360 px', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/signaler`)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.getByRole('button', { name: 'Enregistrer une note vocale' }).click()
    const title = page.getByText('Enregistrement en cours', { exact: true })
    const time = page.getByText(/^0:0\d \/ 2:00$/)
    await time.waitFor({ timeout: 10_000 })
    const lines = (element: Element) =>
      Math.round(
        element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
      )
    expect(await title.evaluate(lines)).toBe(1)
    expect(await time.evaluate(lines)).toBe(1)
    await page.getByRole('button', { name: 'Arrêter' }).click()
  })
})

describe('a citizen who refused to give their position', () => {
  it('is told how to show the place, and files the report once the point is confirmed', async ({
    server,
    browser,
  }) => {
    // No geolocation permission: the phone refuses the position.
    const context = await dakarContext(browser, { viewport: CITIZEN_PHONE.viewport })
    const page = await context.newPage()
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByText(/Votre position n’est pas connue\. Touchez la carte/).waitFor()
    await page.locator('label').filter({ hasText: 'Voirie' }).click()
    await page.getByLabel('Description').fill('Regard d’égout ouvert au milieu de la rue.')
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await page.getByRole('alert').filter({ hasText: 'confirmez le point affiché' }).waitFor()
    expect(await page.getByRole('heading', { name: /Merci/ }).count()).toBe(0)
    await page.getByRole('button', { name: 'Confirmer ce point' }).click()
    const upload = page.waitForRequest((request) => request.url().endsWith('/api/reports'))
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await upload
    await page.getByRole('heading', { name: 'Merci ! Votre signalement est envoyé' }).waitFor()
    await context.close()
  })
})

describe('reports at one spot', () => {
  it('are one group on the map that lists them all, since no zoom can set them apart', async ({
    server,
    browser,
  }) => {
    const spot = { latitude: 14.7101, longitude: -17.4702 }
    for (const [categoryName, status] of [
      ['Voirie', 'en-attente'],
      ['Éclairage public', 'resolu'],
    ] as const) {
      await server.insertReport({ ...spot, categoryName, status, created_at: '2026-11-18T10:00:00Z' })
    }
    const context = await dakarContext(browser, { ...CITIZEN_PHONE, geolocation: spot })
    const page = await context.newPage()
    await gotoReady(page, `${server.url}/`)
    const group = page.locator('.report-cluster[title="2 signalements dans cette zone\u202f: zoomer"]')
    await group.click()
    const popup = page.locator('.leaflet-popup')
    await popup.getByText('Voirie').waitFor()
    await popup.getByText('Éclairage public').waitFor()
    await popup.getByText('Résolu').waitFor()
    expect(await popup.getByRole('listitem').count()).toBe(2)
    await context.close()
  })
})

describe('a dense map', () => {
  it('shows the server’s groups when the view holds more reports than it sends one by one', async ({
    server,
    browser,
  }) => {
    const centre = { latitude: 14.7552, longitude: -17.3921 }
    const total = MAP_MAX_POINTS + 10
    for (let i = 0; i < total; i++) {
      await server.insertReport({
        latitude: centre.latitude - 0.006 + (i % 24) * 0.0005,
        longitude: centre.longitude - 0.006 + Math.floor(i / 24) * 0.0005,
      })
    }
    const context = await dakarContext(browser, { ...CITIZEN_PHONE, geolocation: centre })
    const page = await context.newPage()
    await gotoReady(page, `${server.url}/`)
    // "1 signalement" or "12 signalements dans cette zone : zoomer": a group of one reads in the singular.
    const groups = page.locator('.report-cluster[title$="dans cette zone\u202f: zoomer"]')
    await groups.first().waitFor()
    const counts = await groups.evaluateAll((elements) => elements.map((e) => Number(e.textContent)))
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(total)
    expect(await page.locator('.leaflet-marker-icon.report-marker').count()).toBe(0)
    await context.close()
  })
})

describe('accessibility', () => {
  it('finds no serious or critical violation on /signaler', async ({ server, page }) => {
    await gotoReady(page, `${server.url}/signaler`)
    await page.getByRole('radio', { name: 'Voirie' }).waitFor({ state: 'attached' })
    const preview = page.getByRole('button', {
      name: 'Carte\u202f: déplacez le repère sur le lieu du problème',
    })
    await preview.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // And once the live map is started.
    await preview.focus()
    await page.keyboard.press('Enter')
    await page.locator('.leaflet-container').waitFor()
    await preview.waitFor({ state: 'detached' })
    expect(await seriousViolations(page)).toEqual([])
  })

  it('finds no serious or critical violation on /mes-signalements', async ({ server, context, page }) => {
    const filed = await fileStreetLightReport(
      server.url,
      'Lampadaire cassé, la rue est dans le noir la nuit.',
    )
    await rememberCitizenToken(context, filed.citizenToken)
    await gotoReady(page, `${server.url}/mes-signalements`)
    await page.getByRole('article').filter({ hasText: filed.anonymous_code }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })

  it('finds no serious or critical violation on /suivi, /notifications and /a-propos', async ({
    server,
    context,
    page,
  }) => {
    const filed = await fileStreetLightReport(server.url, 'Poteau électrique penché au-dessus du trottoir.')
    await rememberCitizenToken(context, filed.citizenToken)
    await gotoReady(page, `${server.url}/suivi?code=${filed.anonymous_code}`)
    // The phone that filed it follows it already: no "Suivre" offered there.
    await page.getByText('Ce signalement est suivi sur cet appareil.').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await gotoReady(page, `${server.url}/notifications`)
    await page.getByText('Aucune notification').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await gotoReady(page, `${server.url}/a-propos`)
    await page.getByRole('heading', { name: 'Comment ça marche' }).waitFor()
    expect(await seriousViolations(page)).toEqual([])
  })
})
