// A newcomer's first start, in the real processes: `npm run seed:demo` on a fresh DATA_DIR, then
// the server (`src/server/main.ts`, as `npm start` runs it, serving dist/web), with
// CONTACT_EMAIL set and geocoding turned off. What the seed printed signs in; the footer leads
// to the organisation space and shows the configured contact address; expected refusals (a
// wrong password, no geocoder) leave no error in the browser's console.
import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ConsoleMessage, Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { killNpmRuns, npmRun, printedCredentials } from '../src/server/test/npm-command'
import { freePort, killed, repoRoot, startServer, waitForHealth } from '../src/server/test/server-process'
import { dakarContext, gotoReady } from './support/browser'
import { test } from './support/fixtures'

const CONTACT = 'ecrire@mairie-dakar.sn'

/** The demo data seeded on a fresh DATA_DIR, and the server started on it as `npm start` does. */
const it = test.extend(
  'demo',
  { scope: 'file' },
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture uses from this pattern.
  async ({}, { onCleanup }) => {
    if (!existsSync(path.join(repoRoot, 'dist/web/index.html'))) {
      throw new Error('dist/web is missing: run `npm run build` before the browser tests')
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-first-start-'))
    let server: ChildProcess | undefined
    const stop = async () => {
      killNpmRuns()
      if (server) await killed(server, 'SIGTERM')
      rmSync(dataDir, { recursive: true, force: true })
    }
    try {
      const seed = npmRun(['run', 'seed:demo'], { DATA_DIR: dataDir })
      expect((await seed.exited).code, seed.output()).toBe(0)
      const printed = printedCredentials(seed.stdout())
      const port = await freePort()
      server = startServer({
        DATA_DIR: dataDir,
        PORT: String(port),
        CONTACT_EMAIL: CONTACT,
        GEOCODER_URL: '',
      })
      onCleanup(stop)
      return { base: `http://127.0.0.1:${port}`, printed, server }
    } catch (error) {
      await stop()
      throw error
    }
  },
)

// The seed and the server's first start (its database created and migrated) take the longest:
// before the tests, within the hooks' time limit.
it.beforeAll(async ({ demo }) => {
  if (!(await waitForHealth(demo.base, { child: demo.server }))) throw new Error('the server did not start')
})

/**
 * The errors the page's own code writes in the console. The browser itself also notes every
 * answer of status 400 or more ("Failed to load resource"), whoever asked for it: that line is
 * the network's, not the app's, and a page cannot silence it.
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return
    if (/^Failed to load resource: the server responded with a status of \d+/.test(message.text())) return
    errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

describe('a first start with the demo data', () => {
  it('signs the first super administrator in on /admin/login with the password the seed printed', async ({
    demo,
    browser,
  }) => {
    expect(demo.printed.admin?.username).toBe('admin')
    const context = await dakarContext(browser)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    await gotoReady(page, `${demo.base}/admin/login`)
    await page.getByLabel('Nom d’utilisateur').fill(demo.printed.admin?.username ?? '')
    await page.getByLabel('Mot de passe', { exact: true }).fill(demo.printed.admin?.password ?? '')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.waitForURL('**/admin/dashboard')
    await page.getByRole('heading', { name: 'Tableau de bord' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('leads from the footer to the organisation space, where a printed demo account signs in', async ({
    demo,
    browser,
  }) => {
    const context = await dakarContext(browser)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    await gotoReady(page, `${demo.base}/`)
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'Espace Organisation' }).click()
    await page.waitForURL('**/organization/login')
    await page.getByRole('heading', { name: 'Espace Organisation' }).first().waitFor()
    await page.locator(`html[data-app-ready]`).waitFor({ state: 'attached' })

    const organization = demo.printed.organizations.find((o) => o.email.startsWith('services.techniques@'))
    await page.getByLabel('Email').fill(organization?.email ?? '')
    await page.getByLabel('Mot de passe', { exact: true }).fill(organization?.password ?? '')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.waitForURL(/\/organization$/)
    await page.getByText('Ville de Dakar — Services techniques').first().waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows CONTACT_EMAIL in the footer and on À propos, in the page the server rendered and once the app runs', async ({
    demo,
    browser,
  }) => {
    // Rendered by the server, before any script runs.
    const rendered = await (await fetch(`${demo.base}/a-propos`)).text()
    expect(rendered).toContain(`href="mailto:${CONTACT}"`)
    expect(rendered).not.toContain('contact@alertes-urbaines.sn')

    const context = await dakarContext(browser)
    const page = await context.newPage()
    const errors = consoleErrors(page)
    await gotoReady(page, `${demo.base}/a-propos`)
    const contact = page.getByRole('region', { name: 'Nous écrire' })
    expect(await contact.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`)
    const footer = page.getByRole('contentinfo')
    expect(await footer.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('writes no error in the console for a wrong password, nor for a place while geocoding is off', async ({
    demo,
    browser,
  }) => {
    const context = await dakarContext(browser, {
      geolocation: { latitude: 14.6937, longitude: -17.4441 },
      permissions: ['geolocation'],
    })
    const page = await context.newPage()
    const errors = consoleErrors(page)
    const refused: number[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/')) refused.push(response.status())
    })

    await gotoReady(page, `${demo.base}/admin/login`)
    await page.getByLabel('Nom d’utilisateur').fill('admin')
    await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-mot-de-passe')
    await page.getByRole('button', { name: 'Se connecter' }).click()
    await page.getByText('Nom d’utilisateur ou mot de passe incorrect', { exact: false }).first().waitFor()

    // The report form asks our server for the pin's address: 503, geocoding is off.
    await gotoReady(page, `${demo.base}/signaler`)
    await page.getByText('Position : 14.6937, -17.4441').waitFor()
    await page.getByText('Le service d’adresses ne répond pas.', { exact: false }).waitFor()

    expect(refused).toContain(401)
    expect(refused).toContain(503)
    expect(errors).toEqual([])
    await context.close()
  })
})
