import { describe, expect, it } from 'vitest'
import { categoryInUseMessage } from './admin-rules'

describe('categoryInUseMessage', () => {
  it('says what still uses the category, in French agreement', () => {
    expect(categoryInUseMessage({ reports: 1, organizations: 0 })).toBe(
      'Impossible de supprimer la catégorie\u202f: 1 signalement l’utilise.',
    )
    expect(categoryInUseMessage({ reports: 0, organizations: 3 })).toBe(
      'Impossible de supprimer la catégorie\u202f: 3 organisations l’utilisent.',
    )
    expect(categoryInUseMessage({ reports: 1, organizations: 1 })).toBe(
      'Impossible de supprimer la catégorie\u202f: 1 signalement et 1 organisation l’utilisent.',
    )
  })

  it('writes large counts the French way', () => {
    expect(categoryInUseMessage({ reports: 12500, organizations: 0 })).toBe(
      'Impossible de supprimer la catégorie\u202f: 12\u202f500 signalements l’utilisent.',
    )
  })
})
