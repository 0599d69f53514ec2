import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors'

/**
 * The path of the first text holding a NUL character, or null. PostgreSQL cannot store one in a
 * text column (the query fails): such input is refused as invalid, whatever the route. Walked
 * without recursion: a JSON body may nest a hundred thousand levels deep within the body limit.
 */
export function nulCharacterPath(root: unknown): string[] | null {
  const nodes: { value: unknown; parent: number; key: string }[] = [{ value: root, parent: -1, key: '' }]
  const pathOf = (index: number): string[] => {
    const path: string[] = []
    for (let at = index; at > 0; at = nodes[at]?.parent ?? 0) path.push(nodes[at]?.key ?? '')
    return path.reverse()
  }
  for (let index = 0; index < nodes.length; index++) {
    const value = nodes[index]?.value
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(index)
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return [...pathOf(index), key.replaceAll('\u0000', '')]
        nodes.push({ value: item, parent: index, key })
      }
    }
  }
  return null
}

export function refuseNulCharacters(value: unknown): void {
  const path = nulCharacterPath(value)
  if (path) throw new AppError('invalid_input', { field: path.join('.') || undefined })
}

/**
 * Before any route validates its input: path parameters, query and JSON body. A NUL reaches the
 * path or the query only percent-encoded (the HTTP parser refuses a raw one), so a URL without
 * "%00" is not walked: the hot reads pay nothing for the guard.
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      if (request.url.includes('%00')) {
        refuseNulCharacters(request.params)
        refuseNulCharacters(request.query)
      }
      if (request.body !== undefined && request.body !== null) refuseNulCharacters(request.body)
      done()
    } catch (error) {
      done(error as Error)
    }
  })
}
