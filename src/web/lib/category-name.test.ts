import { describe, expect, it } from 'vitest'
import { CATEGORIES } from '../test/fixtures'
import { categoryNameIn } from './category-name'

describe('categoryNameIn', () => {
  it('names a category in English or Wolof, found by its French name whatever its case and accents', () => {
    expect(categoryNameIn(CATEGORIES, 'en', 'Voirie')).toBe('Roads')
    expect(categoryNameIn(CATEGORIES, 'wo', 'eclairage PUBLIC')).toBe('Leeru mbedd yi')
    expect(categoryNameIn(CATEGORIES, 'wo', CATEGORIES[3] ?? 'Propreté')).toBe('Set-setal')
  })

  it('keeps the French name in French, without a translation, or for a name no category bears', () => {
    expect(categoryNameIn(CATEGORIES, 'fr', 'Voirie')).toBe('Voirie')
    const untranslated = [{ id: 9, nom: 'Marchés', translations: { en: ' ', wo: '' } }]
    expect(categoryNameIn(untranslated, 'en', 'Marchés')).toBe('Marchés')
    expect(categoryNameIn(untranslated, 'wo', 'Marchés')).toBe('Marchés')
    expect(categoryNameIn(CATEGORIES, 'en', 'Ancienne catégorie')).toBe('Ancienne catégorie')
    expect(categoryNameIn(undefined, 'en', 'Voirie')).toBe('Voirie')
  })
})
