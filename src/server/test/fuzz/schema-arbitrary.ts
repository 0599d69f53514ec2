// Inputs driven by the domain schemas: a route's zod schema becomes JSON Schema (zod's own
// converter), and that becomes a fast-check arbitrary of values the schema accepts, then of the
// same values broken in one place (a field of the wrong type, missing, or one too many).
import fc from 'fast-check'
import { z } from 'zod'
import { extraKey, hostileString, hostileValue } from './hostile-values'

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema | JsonSchema[]
  prefixItems?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  format?: string
}

const DANGEROUS_CHARACTER = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u001b',
  '\u007f',
  '\uD800',
  '\uDFFF',
  "'",
  '"',
  '\\',
  '%',
  '_',
  ';',
  '\n',
  '\u2028',
  '\u202E',
  '\uFEFF',
  '😀',
  'é',
  'a',
  ' ',
)

/** Values that make sense for a field of this name (ids that exist, a known code…). */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>

export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return undefined
  }
}

/** Strings a schema accepts, kept short except at the edges of its length limits. */
function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      // a pattern JavaScript cannot read: fall through to plain strings
    }
  }
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? 200
  const arbitraries: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 20)) }),
    // Within the limits, so that they reach the SQL: characters a database or a parser chokes on.
    fc.string({
      unit: DANGEROUS_CHARACTER,
      minLength: Math.max(min, 1),
      maxLength: Math.max(min, Math.min(max, 12)),
    }),
  ]
  // Exactly at the limit, and one past it.
  if (schema.maxLength !== undefined)
    arbitraries.push(fc.constantFrom('é'.repeat(max), 'x'.repeat(max + 1), ' '.repeat(max + 1)))
  return fc.oneof(...arbitraries)
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000)
  const upper =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000)
  const min = Math.max(lower, -Number.MAX_SAFE_INTEGER)
  const max = Math.min(upper, Number.MAX_SAFE_INTEGER)
  const edges = fc.constantFrom(min, max, min - 1, max + 1)
  if (integer) return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }), edges)
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), edges)
}

/** Values the schema accepts (mostly), with the hints taking over for the fields they name. */
export function validArbitrary(
  schema: JsonSchema | undefined,
  hints: FieldHints = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return hostileValue
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices?.length) return fc.oneof(...choices.map((choice) => validArbitrary(choice, hints, depth + 1)))
  if (schema.allOf?.length) return validArbitrary(schema.allOf[0], hints, depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return stringFor(schema)
    case 'integer':
      return numberFor(schema, true)
    case 'number':
      return numberFor(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      if (schema.prefixItems)
        return fc.tuple(...schema.prefixItems.map((item) => validArbitrary(item, hints, depth + 1)))
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items
      return fc.array(validArbitrary(item, hints, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, Math.max(schema.minItems ?? 0, 5)),
      })
    }
    case 'object': {
      const properties = schema.properties ?? {}
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [name, property] of Object.entries(properties)) {
        const hint = hints[name]
        model[name] = hint
          ? fc.oneof({ arbitrary: hint, weight: 3 }, validArbitrary(property, hints, depth + 1))
          : validArbitrary(property, hints, depth + 1)
      }
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) })
    }
    default:
      return hostileValue
  }
}

/** An object broken in one place: a field of another type, a required field gone, a field too many. */
function brokenObject(schema: JsonSchema, hints: FieldHints): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, hints) as fc.Arbitrary<Record<string, unknown>>
  const names = Object.keys(schema.properties ?? {})
  const mutations: fc.Arbitrary<unknown>[] = [
    fc.tuple(valid, extraKey, hostileValue).map(([value, key, extra]) => {
      const copy: Record<string, unknown> = { ...value }
      Object.defineProperty(copy, key, { value: extra, enumerable: true, writable: true, configurable: true })
      return copy
    }),
  ]
  if (names.length > 0) {
    mutations.push(
      fc
        .tuple(valid, fc.constantFrom(...names), hostileValue)
        .map(([value, name, wrong]) => ({ ...value, [name]: wrong })),
      fc.tuple(valid, fc.constantFrom(...names)).map(([value, name]) => {
        const copy = { ...value }
        delete copy[name]
        return copy
      }),
      fc.tuple(valid, fc.constantFrom(...names)).map(([value, name]) => ({ ...value, [name]: null })),
    )
  }
  return fc.oneof(...mutations)
}

/**
 * What the fuzzer sends where a schema is expected: values it accepts, the same values broken in
 * one place, or anything at all.
 */
export function inputArbitrary(
  schema: JsonSchema | undefined,
  hints: FieldHints = {},
): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue
  const isObject = schema.type === 'object' || Boolean(schema.anyOf ?? schema.oneOf)
  return fc.oneof(
    { arbitrary: validArbitrary(schema, hints), weight: 4 },
    { arbitrary: isObject ? brokenObject(schema, hints) : hostileValue, weight: 4 },
    { arbitrary: hostileValue, weight: 1 },
    { arbitrary: fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }), weight: 1 },
  )
}
