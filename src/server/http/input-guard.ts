import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors'

/** Half of a UTF-16 surrogate pair, alone: JSON can carry one (`"\udfff"`), UTF-8 cannot. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text PostgreSQL cannot store in a text column: a NUL character, or a lone surrogate. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/**
 * The path of the first text that PostgreSQL cannot store (a NUL character or a lone surrogate:
 * the query fails), or null: such input is refused as invalid, whatever the route. Walked without
 * recursion: a JSON body may nest a hundred thousand levels deep within the body limit.
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

export function refuseUnstorableText(value: unknown): void {
  const path = unstorableTextPath(value)
  if (path) throw new AppError('invalid_input', { field: path.join('.') || undefined })
}

/**
 * Before any route validates its input: path parameters, query and JSON body. A NUL reaches the
 * path or the query only percent-encoded (the HTTP parser refuses a raw one, and a percent-encoded
 * surrogate does not decode), so a URL without "%00" is not walked: the hot reads pay nothing for
 * the guard.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      if (request.url.includes('%00')) {
        refuseUnstorableText(request.params)
        refuseUnstorableText(request.query)
      }
      if (request.body !== undefined && request.body !== null) refuseUnstorableText(request.body)
      done()
    } catch (error) {
      done(error as Error)
    }
  })
}
