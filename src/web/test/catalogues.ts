import { describe, expect, it } from 'vitest'

type Tree = { [key: string]: string | Tree }

/** Every key of a catalogue with its text, "a.b.c" → text. */
export function flatten(catalogue: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(catalogue as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text)
  }
  return out
}

/** "{{total}}" and "{{total, number}}": the value and how it is formatted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+(?:, *\w+)?)\}\}/g)].map((m) => m[1]).sort()

/**
 * The checks of one namespace's translations against its French catalogue. Shared here so that
 * each catalogue is tested beside its code: the shared ones in src/web/i18n, a feature's in it.
 */
export function describeTranslations(name: string, languages: { fr: object; en: object; wo: object }) {
  describe(`the ${name} catalogue`, () => {
    const french = flatten(languages.fr)

    itTakesCountOnlyInPlurals(languages.fr)

    it.each(['en', 'wo'] as const)('has every French key in %s, and no other, each with text', (language) => {
      const other = flatten(languages[language])
      expect([...french.keys()].filter((key) => !other.has(key))).toEqual([])
      expect([...other.keys()].filter((key) => !french.has(key))).toEqual([])
      expect([...other].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([])
    })

    it.each(['en', 'wo'] as const)('keeps the {{placeholders}} of each French text in %s', (language) => {
      const other = flatten(languages[language])
      const broken = [...french].filter(([key, text]) => {
        const translated = other.get(key)
        return translated !== undefined && placeholders(translated).join() !== placeholders(text).join()
      })
      expect(broken.map(([key]) => key)).toEqual([])
    })
  })
}

/**
 * `count` is i18next's plural option: a text given one has a `_one` and an `_other` form, chosen by
 * the plural rules of lib/locale-conventions.ts (never the browser's Intl.PluralRules, whose
 * locale data would load on the first page: i18n/index.ts). Any other figure is named otherwise
 * (`total`…), and no text writes "signalement(s)".
 */
export function itTakesCountOnlyInPlurals(french: object) {
  it('names a figure `count` only in a plural’s `_one` and `_other` texts, each with its pair', () => {
    const texts = flatten(french)
    const misnamed = [...texts].filter(
      ([key, text]) => placeholders(text).some((p) => /^count\b/.test(p ?? '')) !== /_(one|other)$/.test(key),
    )
    expect(misnamed.map(([key]) => key)).toEqual([])
    const unpaired = [...texts.keys()].filter((key) => {
      const pair = key.endsWith('_one') ? key.replace(/_one$/, '_other') : key.replace(/_other$/, '_one')
      return /_(one|other)$/.test(key) && !texts.has(pair)
    })
    expect(unpaired).toEqual([])
  })
}

/** The checks of a catalogue that exists in French only (the organisation and admin areas). */
export function describeFrenchCatalogue(name: string, french: object) {
  describe(`the ${name} catalogue`, () => {
    itTakesCountOnlyInPlurals(french)
  })
}
