// Issue 31: with the SMS channel on, the home page, its footer and "À propos" give the number to
// text, rendered by the server and kept as it is when the app hydrates the page.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsEnv } from '../src/server/test/sms-gateway'
import { gotoReady, recordRemovedElements, removedTexts } from './support/browser'
import type { E2eServer } from './support/server'
import { dakarContext, startSuite, stopSuite } from './support/suite'

let server: E2eServer
let browser: Browser

beforeAll(async () => {
  // No SMS is sent here: the gateway's address answers nothing.
  ;({ server, browser } = await startSuite({ env: smsEnv({ url: 'http://127.0.0.1:9' }) }))
})

afterAll(() => stopSuite({ server, browser }))

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await dakarContext(browser)).newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await recordRemovedElements(page)
  await gotoReady(page, `${server.url}${path}`)
  return { page, errors }
}

describe('with the SMS channel on', () => {
  it('the home page and its footer invite those without a smartphone to text the number', async () => {
    const served = await (await fetch(`${server.url}/`)).text()
    expect(served).toContain('href="sms:+221338000000"')
    const { page, errors } = await open('/')
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

  it('"À propos" says how the number is kept, and for how long', async () => {
    const { page, errors } = await open('/a-propos')
    await page.getByText(/Par SMS, votre numéro n’est jamais montré/).waitFor()
    expect(await page.getByText(/Par SMS, votre numéro/).innerText()).toContain('effacées 90 jours après')
    expect(errors).toEqual([])
    await page.context().close()
  })
})
