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

    itTakesNoCount(languages.fr)

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
 * `count` is i18next's plural option: a text given one makes i18next build the browser's plural
 * rules (Intl.PluralRules), whose locale data would load on the first page (i18n/index.ts). The
 * catalogues write "signalement(s)" and name their figures otherwise (`total`…).
 */
export function itTakesNoCount(french: object) {
  it('names no figure `count`, i18next’s plural option', () => {
    const withCount = [...flatten(french)].filter(([, text]) =>
      placeholders(text).some((p) => /^count\b/.test(p ?? '')),
    )
    expect(withCount.map(([key]) => key)).toEqual([])
  })
}

/** The checks of a catalogue that exists in French only (the organisation and admin areas). */
export function describeFrenchCatalogue(name: string, french: object) {
  describe(`the ${name} catalogue`, () => {
    itTakesNoCount(french)
  })
}
