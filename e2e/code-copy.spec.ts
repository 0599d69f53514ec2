// The anonymous code survives how people copy it (issue 28, point 5): on a phone (360 px), a tap
// on the big code box after filing selects the code and only it, the copy pastes into /suivi and
// finds the report; a code typed in lower case with a space in the middle finds it too; a wrong
// code then shows one error, not the previous search's with it.
import type { Browser, BrowserContext } from 'playwright-core'
import { describe, expect } from 'vitest'
import { DAKAR_PLATEAU, dakarContext, gotoReady } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'

function phone(browser: Browser): Promise<BrowserContext> {
  return dakarContext(browser, {
    viewport: { width: 360, height: 740 },
    geolocation: DAKAR_PLATEAU,
    permissions: ['geolocation', 'clipboard-read', 'clipboard-write'],
  })
}

const NOT_FOUND = 'Aucun signalement ne correspond à ce code. Vérifiez les 8 caractères.'
const INVALID = 'Le code comporte 8 caractères (lettres et chiffres).'

it.beforeAll(startServerAndBrowser)

describe('the anonymous code, copied and pasted', () => {
  it('is copied once from the big box, and /suivi finds it pasted or typed with a space', async ({
    server,
    browser,
  }) => {
    const context = await phone(browser)
    const page = await context.newPage()
    await gotoReady(page, `${server.url}/signaler`)
    await page.locator('label').filter({ hasText: 'Voirie' }).click()
    await page.getByLabel('Adresse').fill('Rue 10, Médina')
    await page.getByLabel('Description').fill('Caniveau bouché devant l’école, l’eau monte.')
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
    await page.getByRole('heading', { name: 'Merci ! Votre signalement est envoyé' }).waitFor()
    const code = (await page.getByTestId('anonymous-code').innerText()).trim()
    expect(code).toMatch(/^[0-9A-Z]{8}$/)

    // A tap on the box selects the code, and copying it gives the code once, as shown.
    await page.getByTestId('anonymous-code').click()
    await page.keyboard.press('Control+C')
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied.trim()).toBe(code)

    // Pasted into /suivi, it finds the report.
    await gotoReady(page, `${server.url}/suivi`)
    const field = page.getByLabel('Code du signalement')
    await field.click()
    await page.keyboard.press('Control+V')
    await page.getByRole('button', { name: 'Rechercher' }).click()
    await page.getByRole('article').getByText(code).waitFor()

    // Typed as read out, in lower case with a space: found too.
    const spaced = `${code.slice(0, 4)} ${code.slice(4)}`.toLowerCase()
    await gotoReady(page, `${server.url}/suivi`)
    await page.getByLabel('Code du signalement').fill(spaced)
    await page.getByRole('button', { name: 'Rechercher' }).click()
    await page.getByRole('article').getByText(code).waitFor()
    // …and in the address, as a link written by hand would carry it.
    await gotoReady(page, `${server.url}/suivi?code=${encodeURIComponent(spaced)}`)
    await page.getByRole('article').getByText(code).waitFor()

    // An unknown code, then a malformed one: one error on screen at a time.
    await gotoReady(page, `${server.url}/suivi?code=ZZZZZZZZ`)
    await page.getByText(NOT_FOUND).waitFor()
    await page.getByLabel('Code du signalement').fill('ABC')
    await page.getByRole('button', { name: 'Rechercher' }).click()
    await page.getByText(INVALID).waitFor()
    expect(await page.getByText(NOT_FOUND).count()).toBe(0)
    await context.close()
  })
})
