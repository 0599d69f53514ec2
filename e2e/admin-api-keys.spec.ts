// /admin/api-keys fits the screens administrators work on (issue 28, point 10): at 1366 and
// 1024 px the page scrolls no wider than the window and "Créer une clé" is whole on screen, its
// long subtitle (the Open311 addresses) wrapping beside it.
import { describe, expect } from 'vitest'
import { dakarContext, gotoReady, signInAsAdmin } from './support/browser'
import { it, startServerAndBrowser } from './support/fixtures'

it.beforeAll(startServerAndBrowser)

describe('/admin/api-keys', () => {
  it.for([1366, 1024])(
    'is no wider than a %i px window, "Créer une clé" whole on screen',
    async (width, { server, browser }) => {
      const context = await dakarContext(browser, { viewport: { width, height: 768 } })
      const page = await context.newPage()
      await signInAsAdmin(page, server.url)
      await gotoReady(page, `${server.url}/admin/api-keys`)
      await page.getByRole('heading', { name: 'Clés API Open311', level: 1 }).waitFor()

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, 'pixels beyond the window').toBe(0)
      const button = await page.getByRole('button', { name: 'Créer une clé' }).boundingBox()
      expect(button && button.x + button.width).toBeLessThanOrEqual(width)
      await context.close()
    },
  )
})
