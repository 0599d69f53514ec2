import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonTextHasUnstorableText, unstorableTextPath, withStorableText } from './input-guard'

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

describe(jsonTextHasUnstorableText.name, () => {
  it('finds a NUL or a lone surrogate in JSON text, written raw or as an escape', () => {
    const unstorable = [
      '{"a":"\\u0000"}',
      '{"a":"x\\\\\\u0000"}',
      '{"a":"\\uD83D"}',
      '{"a":"\\ud83d x"}',
      '{"a":"\\uDE00"}',
      '{"a":"\\uD83Dx\\uDE00"}',
      '{"a":"\\uD83D\\uD83D\\uDE00"}',
      '{"a":"\\uD83D\\\\uDE00"}',
      '{"a":"\\\\uD83D\\uDE00"}',
      '{"\\u0000":1}',
      '"\u0000"',
      '"\udfff"',
    ]
    for (const text of unstorable)
      expect({ text, found: jsonTextHasUnstorableText(text) }).toEqual({ text, found: true })
    const storable = [
      '{"a":"Voirie 🚧 à Médina"}',
      '{"a":"\\uD83D\\uDE00\\u00e9"}',
      '{"a":"\\ud83d\\ude00"}',
      '{"a":"C:\\\\u0000"}',
      '{"a":"\\\\\\\\u0000"}',
      '{"a":"\\\\uD83D"}',
      '{"a":"\\n\\t\\"\\/"}',
    ]
    for (const text of storable)
      expect({ text, found: jsonTextHasUnstorableText(text) }).toEqual({ text, found: false })
  })

  it('agrees with a walk of the parsed JSON on any text, escaped or not (property)', () => {
    // Code units of every kind, each written raw (or with its short escape: \\ \") or as a \u
    // escape at random, sent as UTF-8 (a raw lone surrogate cannot cross the network: it arrives
    // as U+FFFD).
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.constantFrom(0, 0x5c, 0x22, 0x75, 0x30, 0xd83d, 0xde00, 0xdbff, 0xdc00),
    )
    const escaped = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`
    const written = (code: number, asEscape: boolean) => {
      if (asEscape || code < 0x20) return escaped(code)
      if (code === 0x5c) return '\\\\'
      if (code === 0x22) return '\\"'
      return String.fromCharCode(code)
    }
    // Plain letters that spell an escape once after a backslash written as `\\`.
    const escapeLike = fc.constantFrom('u0000', 'uD83D', 'uDE00', 'udc00')
    const jsonString = fc
      .array(
        fc.oneof(
          fc.tuple(unit, fc.boolean()).map(([code, asEscape]) => written(code, asEscape)),
          escapeLike,
        ),
        {
          maxLength: 12,
        },
      )
      .map((pieces) => pieces.join(''))
    fc.assert(
      fc.property(fc.array(fc.tuple(jsonString, jsonString), { maxLength: 3 }), (entries) => {
        const sent = `{${entries.map(([key, value], i) => `"${i}${key}":["${value}"]`).join(',')}}`
        const text = Buffer.from(sent, 'utf8').toString('utf8')
        expect(jsonTextHasUnstorableText(text)).toBe(unstorableTextPath(JSON.parse(text)) !== null)
      }),
      { numRuns: 5000 },
    )
  })
})

describe(withStorableText.name, () => {
  it('drops NUL characters and mends half surrogate pairs, in values and keys, however deep, keeping the rest', () => {
    const parsed = JSON.parse(
      '{"id":"evt\\u0000-1","payload":{"message":"ai\\u0000de \\ud83d 🚧","list":["\\u0000"],"n":1,"c\\u0000l\\u00e9":true}}',
    )
    expect(withStorableText(parsed)).toEqual({
      id: 'evt-1',
      payload: { message: 'aide \uFFFD 🚧', list: [''], n: 1, clé: true },
    })
    expect(unstorableTextPath(parsed)).toBeNull()
    expect(withStorableText('\u0000')).toBe('')
    let deep: unknown = 'fin\u0000'
    for (let i = 0; i < 100_000; i++) deep = { a: deep }
    expect(unstorableTextPath(withStorableText(deep))).toBeNull()
  })

  it('never lets a key that becomes "__proto__" set an object’s prototype', () => {
    const parsed = withStorableText(JSON.parse('{"__pro\\u0000to__":{"polluted":true}}')) as object
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(parsed)).toEqual(['__proto__'])
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })
})
