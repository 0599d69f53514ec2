import { describe, expect, it } from 'vitest'
import { describeTranslations, flatten } from '../test/catalogues'
import { deferredEn } from './deferred/en'
import { deferredFr } from './deferred/fr'
import { deferredWo } from './deferred/wo'
import { en } from './en'
import { fr } from './fr'
import { wo } from './wo'

// A feature's catalogue is tested in its own folder (features/citizen/i18n/catalogue.test.ts).
describeTranslations('shared (first paint)', { fr, en, wo })
describeTranslations('shared (after the first paint)', { fr: deferredFr, en: deferredEn, wo: deferredWo })

describe('a missing key', () => {
  it('is caught by the comparison above', () => {
    const { app: _, ...withoutApp } = en
    const keys = flatten(withoutApp)
    expect([...flatten(fr).keys()].filter((key) => !keys.has(key))).toEqual(['app.name', 'app.department'])
  })
})
