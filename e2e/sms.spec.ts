// Issue 31: with the SMS channel on (SMS Gateway for Android on loopback), the home page, its
// footer and "À propos" give the number to text, rendered by the server and kept as it is when the
// app hydrates the page; and a web filer gets its reports' news by SMS once it confirms a number.
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { smsEnv, startSmsGateway } from '../src/server/test/sms-gateway'
import {
  dakarContext,
  gotoReady,
  recordRemovedElements,
  rememberCitizenToken,
  removedTexts,
} from './support/browser'
import { type ServerAndBrowser, startServerAndBrowser, test } from './support/fixtures'
import { fileReportAsCitizen } from './support/organization-api'

const it = test
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture uses from this pattern.
  .extend('gateway', { scope: 'file' }, async ({}, { onCleanup }) => {
    const gateway = await startSmsGateway()
    onCleanup(() => gateway.close())
    return gateway
  })
  .override('serverEnv', ({ gateway }) => smsEnv(gateway))

async function open(
  { server, browser }: ServerAndBrowser,
  path: string,
  citizenToken?: string,
): Promise<{ page: Page; errors: string[] }> {
  const context = await dakarContext(browser)
  if (citizenToken) await rememberCitizenToken(context, citizenToken)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await recordRemovedElements(page)
  await gotoReady(page, `${server.url}${path}`)
  return { page, errors }
}

it.beforeAll(startServerAndBrowser)

describe('with the SMS channel on', () => {
  it('the home page and its footer invite those without a smartphone to text the number', async ({
    server,
    browser,
  }) => {
    const served = await (await fetch(`${server.url}/`)).text()
    expect(served).toContain('href="sms:+221338000000"')
    const { page, errors } = await open({ server, browser }, '/')
    const invitations = page.getByText(/Pas de smartphone/)
    await expect.poll(() => invitations.count()).toBe(2)
    expect(await invitations.first().innerText()).toMatch(
      /Pas de smartphone\s?\? Envoyez un SMS au\s+33 800 00 00/,
    )
    expect(await page.getByRole('link', { name: '33 800 00 00' }).first().getAttribute('href')).toBe(
      'sms:+221338000000',
    )
    // Hydrated as rendered: nothing thrown away, no mismatch.
    expect(await removedTexts(page, ['Pas de smartphone'])).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('invites in Wolof a visitor who chose Wolof, from the first paint and once the app has hydrated', async ({
    server,
    browser,
  }) => {
    const { page, errors } = await open({ server, browser }, '/')
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    await page.getByRole('radio', { name: 'Wolof' }).check()
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => document.documentElement.lang === 'wo')
    // Both parts that say it (the home's lists and the footer) in Wolof, on the first Wolof render
    // since the server started: their namespaces are loaded before the page is rendered.
    const html = await (await page.context().request.get(`${server.url}/`)).text()
    expect(html.match(/Amuloo smartphone\?/g)).toHaveLength(2)
    expect(html).not.toContain('Pas de smartphone')

    await recordRemovedElements(page)
    await gotoReady(page, `${server.url}/`)
    await expect.poll(() => page.getByText(/Amuloo smartphone\? Yónneel SMS ci/).count()).toBe(2)
    expect(await removedTexts(page, ['Amuloo smartphone'])).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('"À propos" says how the number is kept, and for how long', async ({ server, browser }) => {
    const { page, errors } = await open({ server, browser }, '/a-propos')
    await page.getByText(/Par SMS, votre numéro n’est jamais montré/).waitFor()
    expect(await page.getByText(/Par SMS, votre numéro/).innerText()).toContain('effacées 90 jours après')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('lets a web filer confirm a number for its news with the code sent to it by SMS', async ({
    server,
    browser,
    gateway,
  }) => {
    const filed = await fileReportAsCitizen(server.url, {
      description: 'Caniveau bouché devant l’école de la rue 6.',
    })
    const { page, errors } = await open({ server, browser }, '/mes-signalements', filed.citizenToken)
    const card = page.getByRole('region', { name: 'Nouvelles par SMS' })
    await card.getByLabel('Numéro de téléphone').fill('77 555 43 21')
    await card.getByRole('button', { name: 'Recevoir un code par SMS' }).click()
    await card.getByText(/Un code à 6 chiffres vient d’être envoyé/).waitFor()
    // The gateway on loopback gets it, as the phone would.
    await server.sendSms()
    expect(gateway.sent.filter((sms) => sms.to === '+221775554321')).toHaveLength(1)
    const code = /est (\d{6})\./.exec(gateway.sent.at(-1)?.text ?? '')?.[1] ?? ''
    await card.getByLabel('Code reçu par SMS').fill(code)
    await card.getByRole('button', { name: 'Confirmer' }).click()
    await card.getByText(/arrivent aussi par SMS/).waitFor()
    expect(errors).toEqual([])
    await page.context().close()
  })
})
