import { describe, expect, it, vi } from 'vitest'
import { formatDateTimeIn, formatLongDateIn, formatNumberIn, pluralRuleOf } from './locale-conventions'

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

it('lets the texts with a figure, plurals included, ask the browser for no Intl object (its locale data loads on the first)', async () => {
  const { i18next } = await import('../i18n')
  const made = spyOnIntl()
  try {
    expect(i18next.t('home.incidentCount', { count: 1234 })).toBe(
      '1\u202f234 incidents rapportés dans le département de Dakar',
    )
    expect(i18next.t('home.recent.loaded', { count: 5 })).toBe('5 signalements récents')
    expect(i18next.cloneInstance({ lng: 'fr' }).t('map.cluster', { count: 12 })).toContain('12 signalements')
    expect(made.names).toEqual([])
  } finally {
    made.restore()
  }
})

describe.each([
  ['fr', [0, 1, 2, 1000], ['one', 'one', 'other', 'other']],
  ['en', [0, 1, 2, 1000], ['other', 'one', 'other', 'other']],
  ['wo', [0, 1, 2, 1000], ['other', 'other', 'other', 'other']],
] as const)('the plural rules of %s', (language, values, expected) => {
  it('choose the texts Intl.PluralRules would', () => {
    const rule = pluralRuleOf(language)
    const intl = new Intl.PluralRules(language)
    // French has a third form, `many`, for millions ("1 000 000 de"): no count here reaches it.
    expect(values.map((value) => rule.select(value))).toEqual(expected)
    expect(values.map((value) => rule.select(value))).toEqual(values.map((value) => intl.select(value)))
  })
})

it('says “1 report”, “293 incidents” in English and “1 incident”, “0 signalement” in French', async () => {
  const { i18next } = await import('../i18n')
  const { switchLanguage } = await import('../i18n/languages')
  try {
    await switchLanguage('en')
    expect(i18next.t('home.incidentCount', { count: 293 })).toBe(
      '293 incidents reported in the Dakar department',
    )
    expect(i18next.t('home.incidentCount', { count: 1 })).toBe('1 incident reported in the Dakar department')
    expect(i18next.t('home.recent.loaded', { count: 1 })).toBe('1 recent report')
    await switchLanguage('fr')
    expect(i18next.t('home.incidentCount', { count: 1 })).toBe(
      '1 incident rapporté dans le département de Dakar',
    )
    expect(i18next.t('home.recent.loaded', { count: 0 })).toBe('0 signalement récent')
  } finally {
    await switchLanguage('fr')
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
