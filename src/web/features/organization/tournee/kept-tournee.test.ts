import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { forgetKeptPages } from '../../../pwa/kept-pages'
import { organizationReport } from '../../../test/fixtures'
import { keepTournee, keptTournee } from './kept-tournee'

describe('the round kept on the phone', () => {
  it('is the member’s own, and gone at once when they sign out, the page still open', async () => {
    const report = organizationReport()
    await keepTournee('awa', [report], new Date('2026-11-28T08:00:00.000Z'))
    expect(await keptTournee('awa')).toEqual({ items: [report], savedAt: '2026-11-28T08:00:00.000Z' })
    expect(await keptTournee('moussa')).toBeUndefined()
    await forgetKeptPages()
    expect(await keptTournee('awa')).toBeUndefined()
  })
})
