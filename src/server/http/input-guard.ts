import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MAX_JSON_BODY_BYTES } from '../../domain/constants'
import { AppError } from '../errors'

/** Half of a UTF-16 surrogate pair, alone: JSON can carry one (`"\udfff"`), UTF-8 cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text PostgreSQL cannot store in a text column: a NUL character, or a lone surrogate. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/**
 * One escape of JSON text, in order: `\uXXXX` with its code, or a backslash and the character it
 * escapes (so that `\\u0000`, an escaped backslash followed by "u0000", is not taken for a NUL).
 */
const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|[^u])/g

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff

/**
 * Whether JSON text would parse into text PostgreSQL cannot store: a NUL or a lone surrogate,
 * written as such or as a `\u` escape. Read on the raw text, before parsing: a clean body (every
 * body but an attack) is parsed once and never walked.
 */
export function jsonTextHasUnstorableText(raw: string): boolean {
  if (unstorable(raw)) return true
  if (!raw.includes('\\u')) return false
  // Where the low half of a pair must start: right after its high half's escape.
  let lowHalfAt = -1
  for (const found of raw.matchAll(JSON_ESCAPE)) {
    const code = found[1] === undefined ? -1 : Number.parseInt(found[1], 16)
    if (lowHalfAt !== -1) {
      if (found.index !== lowHalfAt || !isLowSurrogate(code)) return true
      lowHalfAt = -1
    } else if (code === 0 || isLowSurrogate(code)) {
      return true
    } else if (isHighSurrogate(code)) {
      lowHalfAt = found.index + found[0].length
    }
  }
  return lowHalfAt !== -1
}

/**
 * The path of the first text that PostgreSQL cannot store (a NUL character or a lone surrogate:
 * the query fails), or null: such input is refused as invalid, whatever the route. Walked without
 * recursion: a JSON body may nest thousands of levels deep within the body limit.
 */
export function unstorableTextPath(root: unknown): string[] | null {
  const nodes: { value: unknown; parent: number; key: string }[] = [{ value: root, parent: -1, key: '' }]
  const pathOf = (index: number): string[] => {
    const path: string[] = []
    for (let at = index; at > 0; at = nodes[at]?.parent ?? 0) path.push(nodes[at]?.key ?? '')
    return path.reverse()
  }
  for (let index = 0; index < nodes.length; index++) {
    const value = nodes[index]?.value
    if (typeof value === 'string') {
      if (unstorable(value)) return pathOf(index)
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key))
          return [...pathOf(index), key.replaceAll('\u0000', '').replace(LONE_SURROGATE, '')]
        nodes.push({ value: item, parent: index, key })
      }
    }
  }
  return null
}

/** `text` as PostgreSQL can store it: without its NUL characters, a lone surrogate made U+FFFD. */
function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD')
}

/**
 * Parsed JSON with its text made storable (storableText), keys included, in place: for what the
 * platform must take whatever it holds rather than refuse, a citizen's SMS as the gateway relays
 * it (refused, the gateway would send it again for two days, and the message be lost). Walked
 * without recursion, as above.
 */
export function withStorableText(root: unknown): unknown {
  if (typeof root === 'string') return storableText(root)
  const pending: unknown[] = [root]
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (!node || typeof node !== 'object') continue
    const record = node as Record<string, unknown>
    for (const [key, value] of Object.entries(record)) {
      const storable = typeof value === 'string' ? storableText(value) : value
      if (unstorable(key)) {
        delete record[key]
        // Defined, not assigned: a key that becomes "__proto__" stays a plain key.
        Object.defineProperty(record, storableText(key), {
          value: storable,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      } else if (storable !== value) {
        record[key] = storable
      }
      if (storable && typeof storable === 'object') pending.push(storable)
    }
  }
  return root
}

export function refuseUnstorableText(value: unknown): void {
  const path = unstorableTextPath(value)
  if (path) throw new AppError('invalid_input', { field: path.join('.') || undefined })
}

/**
 * URL-encoded text (a query string, a form body): a NUL reaches it only as "%00" or a raw NUL,
 * and a percent-encoded surrogate does not decode, so text without either is not walked.
 */
export function refuseUnstorableUrlEncoded(raw: string, parsed: unknown): void {
  if (raw.includes('%00') || raw.includes('\u0000')) refuseUnstorableText(parsed)
}

/**
 * Every input is checked before any route validates it. JSON bodies: at most MAX_JSON_BODY_BYTES
 * (413 above), their raw text scanned before parsing; only a body that holds unstorable text is
 * walked, to name the field. Path parameters and the query: in a hook, since the router parses
 * them. Multipart fields are checked as they are read (multipart.ts), Open311 forms by their parser;
 * the SMS webhook, read raw for its signature, drops such text instead (sms/routes.ts).
 */
export function installInputGuard(app: FastifyInstance) {
  // Fastify's own parser, for its protection against prototype poisoning.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_JSON_BODY_BYTES },
    (request: FastifyRequest, raw, done) => {
      const text = String(raw)
      if (!jsonTextHasUnstorableText(text)) return parseJson(request, text, done)
      // Walked only to name the field (the tree is the last word on where the text is).
      parseJson(request, text, (error, body) => {
        const path = error ? null : unstorableTextPath(body)
        if (path) done(new AppError('invalid_input', { field: path.join('.') || undefined }), undefined)
        else done(error, body)
      })
    },
  )
  // No route takes plain text: it is answered 415 like any other type the API does not read.
  app.removeContentTypeParser('text/plain')

  app.addHook('preValidation', (request, _reply, done) => {
    try {
      if (request.url.includes('%00')) {
        refuseUnstorableText(request.params)
        refuseUnstorableText(request.query)
      }
      done()
    } catch (error) {
      done(error as Error)
    }
  })
}
