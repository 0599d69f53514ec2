// Values a hostile or broken client sends: wrong types, huge strings, unicode edge cases, nulls,
// injection strings, prototype keys. Shared by every route the fuzzer drives.
import fc from 'fast-check'

export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE reports; --",
  '" OR ""="',
  '1; select pg_sleep(5)',
  "\\'; select 1; --",
  '%',
  '_',
  '\\',
  '%%%___\\\\',
  '$1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nX-Injected: yes',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '{"$gt": ""}',
  '[object Object]',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '-1e309',
  '9007199254740993',
  '0x10',
  '1_000',
  ' 1 ',
  '',
  ' ',
  '\t\n',
]

const UNICODE_EDGES = [
  '\uFEFF',
  '\u202E' + 'evil',
  '\u200B\u200C\u200D',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  '🚧🕳️👷🏾‍♀️',
  'é'.normalize('NFD'),
  'ß'.repeat(50),
  'İ',
  'Ǆ',
  '\u0301\u0301\u0301',
  'ﷺ',
  '𝕬𝖑𝖊𝖗𝖙𝖊',
  'نقطة',
  '漢字',
  '\u{10FFFF}',
]

/**
 * Dates a client may send where a day or a moment is asked: a day with one digit, a year alone
 * (JavaScript's Date reads `1` as 2001 and `-1` as 2 BC), days that do not exist, the edges of the
 * Date range and beyond. `since=1` and `since=2026-1-1` made the open-data exports answer 500.
 */
export const hostileDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '2026',
    '2026-1-1',
    '2026-01-1',
    '2026-1-01',
    '26-01-01',
    '2026-00-10',
    '2026-13-01',
    '2026-02-29',
    '2026-02-31',
    '2026-04-31',
    '0000-01-01',
    '9999-12-31',
    '+275760-09-13',
    '+275760-09-14',
    '-271821-04-19',
    '2026-01-01T24:00Z',
    '2026-01-01T25:00:00Z',
    '2026-01-01T10:00:00+25:00',
    '2026-01-01T10:00:00.1234567Z',
    '2026-01-01 10:00',
    '01/31/2026',
    'Jan 1 2026',
    'now',
  ),
  fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .chain((date) => fc.constantFrom(date.toISOString(), date.toISOString().slice(0, 10))),
)

/** A huge string: past every field limit, and sometimes past the body limit. */
export const hugeString = fc
  .constantFrom(300, 2_001, 20_000, 200_000, 1_100_000)
  .chain((length) => fc.constantFrom('A', 'é', '😀', '%', "'").map((unit) => unit.repeat(length)))

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 3 },
  { arbitrary: fc.constantFrom(...UNICODE_EDGES), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    -0,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 53) - 1,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e-300,
    0.1 + 0.2,
  ),
)

/** Any JSON-ish value, of any type, nested a little. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 2 },
  {
    arbitrary: fc.array(fc.oneof(hostileString, hostileNumber, fc.constant(null)), { maxLength: 4 }),
    weight: 1,
  },
  {
    arbitrary: fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }),
    weight: 1,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  {
    arbitrary: fc.constantFrom<unknown>(
      { __proto__: { admin: true } },
      { constructor: { prototype: { x: 1 } } },
      [[[[]]]],
    ),
    weight: 1,
  },
)

/** Extra keys a client should not send: unknown fields, prototype keys, fields the server owns. */
export const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'status',
    'role',
    'is_active',
    'assigned_organization_id',
    'reporter_hash',
    'password_hash',
    'userType',
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
)

/** JSON texts that are not valid JSON, or valid JSON a parser may choke on. */
export const brokenJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    '{"a":1,}',
    "{'a':1}",
    'undefined',
    'NaN',
    '{"a":NaN}',
    '\uFEFF{}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":"\\ud800"}',
    '{"a":1e999999}',
    '{"a":-}',
    'null',
    'true',
    '"texte"',
    '123',
    '[]',
  ),
  fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1_000, max: 50_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ maxLength: 60 }),
)

/** Values of an Authorization header that are not a session. */
export const hostileAuthorization = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'bearer abc',
    'Basic YWRtaW46YWRtaW4=',
    'Bearer null',
    'Bearer undefined',
    'Bearer a.b.c',
    'Bearer ....',
    'Bearer eyJhbGciOiJub25lIn0.e30.',
    'Bearer eyJhbGciOiJIUzI1NiJ9.e30.AAAA',
    'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
    `Bearer ${'A'.repeat(8000)}`,
  ),
  hostileString.map((value) => `Bearer ${value.slice(0, 4000)}`),
)

export const hostileHeaderText = fc.oneof(
  fc.constantFrom('', ' ', 'A'.repeat(43), 'A'.repeat(42), 'A'.repeat(44), '=', '../', '%00', 'é'.repeat(43)),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,120}$/),
)

/**
 * What can travel in an HTTP header: latin-1 without control characters (a client library
 * refuses anything else before it leaves, so the server never sees it).
 */
export function asHeaderValue(value: string): string {
  return value.replace(/[^\x20-\x7e\x80-\xff]/g, '').trim()
}
