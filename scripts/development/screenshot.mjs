// Developer aid: `node scripts/development/screenshot.mjs URL OUT.png [width]` saves a screenshot of a page
// in Debian's Chromium (map tiles stubbed, as the machine has no network).
import { chromium } from 'playwright-core'

const [url, out, width = '390'] = process.argv.slice(2)
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
const context = await browser.newContext({
  viewport: { width: Number(width), height: 900 },
  locale: 'fr-FR',
  geolocation: { latitude: 14.6928, longitude: -17.4467 },
  permissions: ['geolocation'],
})
await context.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 204 }))
const page = await context.newPage()
await page.goto(url, { waitUntil: 'networkidle' })
await page.screenshot({ path: out, fullPage: true })
await browser.close()
