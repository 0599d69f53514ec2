import { describe, expect, it } from 'vitest'
import { nulCharacterPath } from './input-guard'

describe(nulCharacterPath.name, () => {
  it('names the field that holds a NUL character, however deep', () => {
    expect(nulCharacterPath({ name: 'Mairie', categoryIds: [1, 2] })).toBeNull()
    expect(nulCharacterPath({ a: { b: ['x', 'y\u0000'] } })).toEqual(['a', 'b', '1'])
    expect(nulCharacterPath({ 'clé\u0000': 1 })).toEqual(['clé'])
    expect(nulCharacterPath('\u0000')).toEqual([])
    let deep: unknown = 'fin\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(nulCharacterPath(deep)).toHaveLength(100_000)
  })
})
