import { describe, expect, it } from 'vitest'
import { unstorableTextPath } from './input-guard'

describe(unstorableTextPath.name, () => {
  it('names the field that holds a NUL character, however deep', () => {
    expect(unstorableTextPath({ name: 'Mairie', categoryIds: [1, 2] })).toBeNull()
    expect(unstorableTextPath({ a: { b: ['x', 'y\u0000'] } })).toEqual(['a', 'b', '1'])
    expect(unstorableTextPath({ 'clé\u0000': 1 })).toEqual(['clé'])
    expect(unstorableTextPath('\u0000')).toEqual([])
    let deep: unknown = 'fin\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(unstorableTextPath(deep)).toHaveLength(100_000)
  })

  it('names the field that holds half a surrogate pair, which UTF-8 cannot encode (found by fuzzing)', () => {
    expect(unstorableTextPath({ nom: 'Voirie 🚧 à Médina' })).toBeNull()
    expect(unstorableTextPath({ nom: '\udfff\udfff\u001b' })).toEqual(['nom'])
    expect(unstorableTextPath({ nom: 'fin \ud83d' })).toEqual(['nom'])
    expect(unstorableTextPath({ 'clé\ud800': 1 })).toEqual(['clé'])
  })
})
