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

/** "{{count}}" and "{{count, number}}": the value and how it is formatted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+(?:, *\w+)?)\}\}/g)].map((m) => m[1]).sort()

/**
 * The checks of one namespace's translations against its French catalogue. Shared here so that
 * each catalogue is tested beside its code: the shared ones in src/web/i18n, a feature's in it.
 */
export function describeTranslations(name: string, languages: { fr: object; en: object; wo: object }) {
  describe(`the ${name} catalogue`, () => {
    const french = flatten(languages.fr)

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
