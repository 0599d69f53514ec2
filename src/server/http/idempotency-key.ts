import type { FastifyRequest } from 'fastify'
import { IDEMPOTENCY_KEY_HEADER, isStrongIdempotencyKey } from '../../domain/report-filing'
import { AppError } from '../errors'

/**
 * The Idempotency-Key an offline queue sends its action under (a citizen's filing, a field
 * agent's status, message or photo), or undefined. A key that could be guessed is refused: the
 * first answer is given back to whoever repeats it.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = headerValue(request.headers[IDEMPOTENCY_KEY_HEADER])
  if (key !== undefined && !isStrongIdempotencyKey(key)) {
    throw new AppError('invalid_input', {
      reason: 'filing.weakIdempotencyKey',
      field: IDEMPOTENCY_KEY_HEADER,
    })
  }
  return key
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
