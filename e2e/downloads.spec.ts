// The budgets of what a phone downloads on a first visit (scripts/checks/size-budget.ts), held in
// `npm test`: a page that grows past its budget fails here with the file that grew and by how much.
// `npm run size:downloads` prints the same measure as a table.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import baseline from '../scripts/checks/downloads-baseline.json'
import { type DownloadsMeter, PAGES, startDownloadsMeter } from '../scripts/checks/downloads-measure'
import { budgetFailures } from '../scripts/checks/size-budget'
import { CHROMIUM_PATH } from './support/browser'

let meter: DownloadsMeter

beforeAll(async () => {
  meter = await startDownloadsMeter({
    webDir: path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web'),
    chromePath: CHROMIUM_PATH,
  })
})

afterAll(() => meter?.stop())

describe('what a phone downloads on a first visit', () => {
  it.each(PAGES.map((page) => [page.path, page] as const))('keeps %s within its budgets', async (_, page) => {
    expect(budgetFailures(await meter.measure(page), baseline)).toEqual([])
  })
})
