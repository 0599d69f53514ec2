import { describe, expect, it } from 'vitest'
import { citizenEn } from '../features/citizen/i18n/en'
import { citizenFr } from '../features/citizen/i18n/fr'
import { citizenWo } from '../features/citizen/i18n/wo'
import { deferredEn } from './deferred/en'
import { deferredFr } from './deferred/fr'
import { deferredWo } from './deferred/wo'
import { en } from './en'
import { fr } from './fr'
import { wo } from './wo'

type Tree = { [key: string]: string | Tree }

/** Every key of a catalogue with its text, "a.b.c" → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text)
  }
  return out
}

/** "{{count}}" and "{{count, number}}": the value and how it is formatted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+(?:, *\w+)?)\}\}/g)].map((m) => m[1]).sort()

const CATALOGUES = {
  'shared (first paint)': { fr, en, wo },
  'shared (after the first paint)': { fr: deferredFr, en: deferredEn, wo: deferredWo },
  citizen: { fr: citizenFr, en: citizenEn, wo: citizenWo },
} as const

describe.each(Object.entries(CATALOGUES))('the %s catalogue', (_, languages) => {
  const french = flatten(languages.fr as unknown as Tree)

  it.each(['en', 'wo'] as const)('has every French key in %s, and no other, each with text', (language) => {
    const other = flatten(languages[language] as unknown as Tree)
    expect([...french.keys()].filter((key) => !other.has(key))).toEqual([])
    expect([...other.keys()].filter((key) => !french.has(key))).toEqual([])
    expect([...other].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([])
  })

  it.each(['en', 'wo'] as const)('keeps the {{placeholders}} of each French text in %s', (language) => {
    const other = flatten(languages[language] as unknown as Tree)
    const broken = [...french].filter(([key, text]) => {
      const translated = other.get(key)
      return translated !== undefined && placeholders(translated).join() !== placeholders(text).join()
    })
    expect(broken.map(([key]) => key)).toEqual([])
  })
})

describe('a missing key', () => {
  it('is caught by the comparison above', () => {
    const { app: _, ...withoutApp } = en
    const keys = flatten(withoutApp as unknown as Tree)
    expect([...flatten(fr as unknown as Tree).keys()].filter((key) => !keys.has(key))).toEqual([
      'app.name',
      'app.department',
    ])
  })
})
