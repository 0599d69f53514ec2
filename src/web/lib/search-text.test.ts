import { describe, expect, it } from 'vitest'
import { matchesSearch } from './search-text'

describe('matchesSearch', () => {
  it('finds a value whatever its accents and case', () => {
    expect(matchesSearch('  ECLAIRAGE ', ['Éclairage public'])).toBe(true)
    expect(matchesSearch('médina', [null, 'Mairie de la Medina'])).toBe(true)
  })

  it('finds nothing when no value contains the search, and everything for an empty one', () => {
    expect(matchesSearch('voirie', ['Propreté', undefined])).toBe(false)
    expect(matchesSearch('   ', ['Propreté'])).toBe(true)
  })
})
