import { afterEach, describe, expect, it } from 'vitest'
import { i18next } from '.'
import { switchLanguage } from './languages'
import { reasonKey } from './reason-text'

afterEach(async () => {
  await switchLanguage('fr')
})

describe('reasonKey', () => {
  it('finds the catalogue key of a reason, and translates by it', async () => {
    expect(reasonKey('geocoding.unavailable')).toBe('deferred:reasons.geocoding.unavailable')
    await switchLanguage('en')
    expect(i18next.t('deferred:reasons.geocoding.unavailable')).toBe(
      'The address service does not answer. The position will be given by its coordinates.',
    )
  })

  it('has none for a reason no catalogue translates, a group, or a name every object has', () => {
    for (const reason of [
      undefined,
      null,
      '',
      'geocoding.tooManyRequests',
      'geocoding',
      'geocoding.constructor',
      'reasons',
    ]) {
      expect(reasonKey(reason), String(reason)).toBeUndefined()
    }
  })
})
