import { describe, expect, it } from 'vitest'
import { TileBudget } from './tile-budget'

describe('TileBudget', () => {
  it('evicts the least recently used tiles once the budget is exceeded', () => {
    const budget = new TileBudget(100)
    expect(budget.add('a', 40)).toEqual([])
    expect(budget.add('b', 40)).toEqual([])
    budget.touch('a')
    // b is now the least recently used: it goes first.
    expect(budget.add('c', 40)).toEqual(['b'])
    expect(budget.bytes).toBe(80)
    expect(budget.add('d', 90)).toEqual(['a', 'c'])
    expect(budget.has('d')).toBe(true)
    expect(budget.bytes).toBe(90)
  })

  it('counts a tile stored again once', () => {
    const budget = new TileBudget(100)
    budget.add('a', 30)
    budget.add('a', 50)
    expect(budget.bytes).toBe(50)
  })
})
