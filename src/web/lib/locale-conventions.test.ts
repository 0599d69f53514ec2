import { describe, expect, it, vi } from 'vitest'
import { formatDateTimeIn, formatLongDateIn, formatNumberIn } from './locale-conventions'

// The browser's Intl is what these replace on the first paint: they must read exactly alike.
const INTL_LOCALE = { fr: 'fr-FR', en: 'en-GB' } as const

describe.each(Object.entries(INTL_LOCALE))('in %s', (language, locale) => {
  it.each([0, 7, 999, 1000, 1234, 98_765, 1_000_590, 12_345_678])('writes %i as Intl does', (value) => {
    expect(formatNumberIn(language, value)).toBe(new Intl.NumberFormat(locale).format(value))
  })

  it.each([0.25, 1.04, 3.96, 4.1, 1536.5, 2048.75])('writes %d with one decimal as Intl does', (value) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
    expect(formatNumberIn(language, value, 1)).toBe(intl.format(value))
  })

  it('writes dates and times as Intl does, in the local time zone', () => {
    const longDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' })
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' })
    // A day in each month, at times that cross midnight in some time zones.
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, 1 + month * 2, month * 2, month * 5))
      expect(formatLongDateIn(language, date)).toBe(longDate.format(date))
      expect(formatDateTimeIn(language, date)).toBe(dateTime.format(date))
    }
  })
})

it('writes Wolof figures and dates like French of Senegal', () => {
  expect(formatNumberIn('wo', 1234)).toBe('1\u202f234')
  expect(formatLongDateIn('wo', new Date(2026, 10, 22))).toBe('22 novembre 2026')
})

it('lets the texts with a count ask the browser for no Intl object (its locale data loads on the first)', async () => {
  const { i18next } = await import('../i18n')
  const made: string[] = []
  const spies = (['PluralRules', 'NumberFormat', 'DateTimeFormat'] as const).map((name) => {
    const original = Intl[name]
    // A function, not an arrow: it is called with `new`.
    return vi.spyOn(Intl, name).mockImplementation(((...args: never[]) => {
      made.push(name)
      return new (original as unknown as new (...a: never[]) => object)(...args)
    }) as never)
  })
  try {
    expect(i18next.t('home.incidentCount', { count: 1234 })).toBe(
      '1\u202f234 incident(s) rapporté(s) dans le département de Dakar',
    )
    expect(i18next.t('home.recent.loaded', { count: 5 })).toBe('5 signalement(s) récent(s)')
    expect(i18next.cloneInstance({ lng: 'fr' }).t('map.cluster', { count: 12 })).toContain(
      '12 signalement(s)',
    )
    expect(made).toEqual([])
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
})
