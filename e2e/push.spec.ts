// The news reaches the anonymous phone (issue 18): the filing phone asks for them on "Mes
// signalements"; an organisation's message goes out through a push service (one on loopback here,
// which decrypts what it receives as the phone would), and the app's service worker shows it.
// Chromium here has no push service of its own (headless, offline): its subscribe is refused, and
// the page says so; the push service's part is played by the loopback one, and the message it
// received is handed to the service worker through the DevTools protocol, as Chromium does with
// what its push service delivers.
import type { Browser, BrowserContext } from 'playwright-core'
import { describe, expect } from 'vitest'
import { createOrganization } from '../src/server/test/accounts'
import { startPushService } from '../src/server/test/push-service'
import { seriousViolations } from './support/accessibility'
import { dakarContext, gotoReady, rememberCitizenToken } from './support/browser'
import { test } from './support/fixtures'
import {
  callApi,
  type FiledReport,
  fileReportAsCitizen,
  signInOrganization,
} from './support/organization-api'

/** The push service on loopback, which the server is told to trust. */
const it = test
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture uses from this pattern.
  .extend('service', { scope: 'file' }, async ({}, { onCleanup }) => {
    const service = await startPushService()
    onCleanup(() => service.close())
    return service
  })
  .override('serverEnv', ({ service }) => ({ PUSH_SERVICE_ORIGINS: service.origin }))

let filed: FiledReport

it.beforeAll(async ({ server }) => {
  filed = await fileReportAsCitizen(server.url, { description: 'Caniveau bouché devant le marché Tilène.' })
})

/** The filing phone: its token in the app's storage, notifications allowed or not. */
async function phone(browser: Browser, permissions: string[]): Promise<BrowserContext> {
  const context = await dakarContext(browser, { viewport: { width: 390, height: 844 }, permissions })
  await rememberCitizenToken(context, filed.citizenToken)
  return context
}

describe('news on the filing phone', () => {
  it('offers them on Mes signalements, asks on the tap, and says when this browser cannot subscribe', async ({
    server,
    browser,
  }) => {
    const context = await phone(browser, ['notifications'])
    const page = await context.newPage()
    await gotoReady(page, `${server.url}/mes-signalements`)
    await page.getByRole('heading', { name: 'Nouvelles sur ce téléphone' }).waitFor()
    await page.getByRole('button', { name: 'Recevoir les nouvelles sur ce téléphone' }).click()
    await page
      .getByText('Impossible de changer les notifications pour le moment. Réessayez plus tard.')
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  it('says it is turning them on, then after 15 s that the push service does not answer, and tries again', async ({
    server,
    browser,
    service,
  }) => {
    const context = await phone(browser, ['notifications'])
    // The browser's push service never answers the first subscription (the 45 s seen in Dakar);
    // the second time it gives a subscription of the loopback push service, as it would.
    const pushPhone = service.phone()
    await context.addInitScript((subscription) => {
      const calls = { count: 0 }
      Object.assign(window, { subscribeCalls: calls })
      PushManager.prototype.subscribe = function subscribe() {
        calls.count += 1
        if (calls.count === 1) return new Promise<PushSubscription>(() => {})
        return Promise.resolve({
          endpoint: subscription.endpoint,
          toJSON: () => subscription,
          unsubscribe: async () => true,
        } as unknown as PushSubscription)
      }
    }, pushPhone.subscription)
    const page = await context.newPage()
    // The page's clock, which the test moves: 15 s pass without waiting for them.
    await page.clock.install()
    await gotoReady(page, `${server.url}/mes-signalements`)
    const card = page.getByRole('region', { name: 'Nouvelles sur ce téléphone' })
    const turnOn = card.getByRole('button', { name: 'Recevoir les nouvelles sur ce téléphone' })
    await turnOn.waitFor()
    // From now on the page's time moves only when the test moves it, however slow the machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    await turnOn.click()

    // Waiting for the push service: the button says so.
    const progress = card.getByRole('button', { name: 'Activation…' })
    await progress.waitFor()
    expect(await progress.isDisabled()).toBe(true)
    await page.waitForFunction(
      () => (window as unknown as { subscribeCalls: { count: number } }).subscribeCalls.count === 1,
    )
    await page.clock.fastForward(14_000)
    expect(await progress.isDisabled()).toBe(true)
    const noAnswer = card.getByText(
      'Le service de notifications ne répond pas. Vérifiez votre connexion, puis réessayez.',
    )
    expect(await noAnswer.count()).toBe(0)

    // 15 s: it gives up, says why, and offers to try again.
    await page.clock.fastForward(1_000)
    await noAnswer.waitFor()
    await card.getByRole('button', { name: 'Réessayer' }).click()
    await card.getByText(/^Activé\u202f: ce téléphone reçoit une notification/).waitFor()
    expect(await noAnswer.count()).toBe(0)
    await card.getByRole('button', { name: 'Ne plus les recevoir' }).waitFor()
    await context.close()
  })

  it('shows an organisation’s message as a notification that opens the report', async ({
    server,
    browser,
    service,
  }) => {
    const context = await phone(browser, ['notifications'])
    const page = await context.newPage()
    await gotoReady(page, `${server.url}/mes-signalements`)
    const registration = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(registration).toBe(`${server.url}/`)

    // The phone's subscription, as the browser would have given it, registered for this device.
    const pushPhone = service.phone()
    await callApi(server.url, '/api/citizen/push', {
      method: 'POST',
      headers: { 'x-citizen-token': filed.citizenToken },
      body: { ...pushPhone.subscription, language: 'fr' },
    })
    const organization = await createOrganization(server.db.db, { categories: ['Voirie'] })
    const token = await signInOrganization(server.url, organization.email)
    await callApi(server.url, `/api/org/reports/${filed.id}/claim`, { method: 'POST', token })
    await callApi(server.url, `/api/org/reports/${filed.id}/notifications`, {
      method: 'POST',
      token,
      body: { title: 'Curage prévu', message: 'Une équipe passe samedi matin.' },
    })
    await server.deliverPushes()
    const message = service.received.at(-1)
    expect(message?.payload.body).toBe(
      'Message au sujet de «\u202fVoirie\u202f»\u202f: Curage prévu\nUne équipe passe samedi matin.',
    )

    // What the push service delivers, handed to the page's service worker.
    const devtools = await context.newCDPSession(page)
    const registrationId = new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((entry) => entry.scopeURL === `${server.url}/` && !entry.isDeleted)
        if (ours) resolve(ours.registrationId)
      })
    })
    await devtools.send('ServiceWorker.enable')
    await devtools.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: await registrationId,
      data: JSON.stringify(message?.payload),
    })
    // The worker shows it in its own time: asked again until it is there.
    const shownNotification = () =>
      page.evaluate(async () => {
        const notifications = await (await navigator.serviceWorker.ready).getNotifications()
        return notifications.map((notification) => ({
          title: notification.title,
          body: notification.body,
          url: (notification.data as { url: string }).url,
        }))[0]
      })
    await expect.poll(shownNotification).toEqual({
      title: 'Alertes urbaines',
      body: 'Message au sujet de «\u202fVoirie\u202f»\u202f: Curage prévu\nUne équipe passe samedi matin.',
      url: `/mes-signalements#signalement-${filed.id}`,
    })

    // The page a tap opens: the report, brought into view and focused.
    await gotoReady(page, `${server.url}/mes-signalements#signalement-${filed.id}`)
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`signalement-${filed.id}`)
    await context.close()
  })
})
