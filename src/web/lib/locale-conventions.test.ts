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

it('writes Wolof figures like French of Senegal', () => {
  expect(formatNumberIn('wo', 1234)).toBe('1\u202f234')
})

it('writes Wolof dates with Wolof months, as the CLDR data of Intl does (Node carries it, browsers rarely)', () => {
  expect(formatLongDateIn('wo', new Date(2026, 10, 22))).toBe('22 Nowàmbar, 2026')
  expect(formatDateTimeIn('wo', new Date(2026, 0, 3, 9, 5))).toBe('3 Samwiyee, 2026 ci 09:05')
  const longDate = new Intl.DateTimeFormat('wo', { day: 'numeric', month: 'long', year: 'numeric' })
  const dateTime = new Intl.DateTimeFormat('wo', { dateStyle: 'long', timeStyle: 'short' })
  for (let month = 0; month < 12; month++) {
    const date = new Date(Date.UTC(2026, month, 1 + month * 2, month * 2, month * 5))
    expect(formatLongDateIn('wo', date)).toBe(longDate.format(date))
    expect(formatDateTimeIn('wo', date)).toBe(dateTime.format(date))
  }
})

it('lets the texts with a figure ask the browser for no Intl object (its locale data loads on the first)', async () => {
  const { i18next } = await import('../i18n')
  const made = spyOnIntl()
  try {
    expect(i18next.t('home.incidentCount', { total: 1234 })).toBe(
      '1\u202f234 incident(s) rapporté(s) dans le département de Dakar',
    )
    expect(i18next.t('home.recent.loaded', { total: 5 })).toBe('5 signalement(s) récent(s)')
    expect(i18next.cloneInstance({ lng: 'fr' }).t('map.cluster', { total: 12 })).toContain(
      '12 signalement(s)',
    )
    expect(made.names).toEqual([])
  } finally {
    made.restore()
  }
})

it('would, given i18next’s plural option `count`, build Intl.PluralRules: hence no text takes one', async () => {
  const { i18next } = await import('../i18n')
  // A fresh instance: an instance keeps the plural rules it built.
  const fresh = i18next.createInstance()
  await fresh.init({ lng: 'fr', resources: { fr: { translation: { loaded: '{{count}} signalement(s)' } } } })
  const made = spyOnIntl()
  try {
    // Typed as a text of the app's catalogues, which this one is not.
    const t = fresh.t as unknown as (key: string, options: object) => string
    expect(t('loaded', { count: 5 })).toBe('5 signalement(s)')
    expect(made.names).toContain('PluralRules')
  } finally {
    made.restore()
  }
})

/** Records the Intl objects made until `restore`. */
function spyOnIntl() {
  const names: string[] = []
  const spies = (['PluralRules', 'NumberFormat', 'DateTimeFormat'] as const).map((name) => {
    const original = Intl[name] as unknown as new (...args: never[]) => object
    // A function, not an arrow: it is called with `new`. An arrow would throw there, and
    // i18next swallows a failed Intl.PluralRules, so that nothing would be recorded.
    // biome-ignore lint/complexity/useArrowFunction: an arrow cannot be called with `new`
    return vi.spyOn(Intl, name).mockImplementation(function (...args: never[]) {
      names.push(name)
      return new original(...args)
    } as never)
  })
  return {
    names,
    restore: () => {
      for (const spy of spies) spy.mockRestore()
    },
  }
}
