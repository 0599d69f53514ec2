import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '../domain/errors'
import { type MessageReason, messageOf } from '../domain/messages'

/**
 * One of the domain's messages, by its reason (the API sends both, for the screens to translate
 * by key), with, if need be, its text made precise (how many reports use a category); or a text
 * that has no reason (a validation message of zod's); or neither: the code's own message.
 */
type MessageOptions = { reason?: MessageReason; message?: string }

/** The one error type of the API: a stable code, its HTTP status, a French message and its reason. */
export class AppError extends Error {
  readonly code: string
  readonly statusCode: number
  readonly field: string | undefined
  readonly reason: MessageReason | undefined
  /**
   * An answer the server gives on purpose, not a failure (a service turned off by its setting):
   * whatever its status, it is not logged as an error.
   */
  readonly expected: boolean

  constructor(
    code: ApiErrorCode,
    options: MessageOptions & { field?: string; status?: number; expected?: boolean } = {},
  ) {
    const known = API_ERRORS[code]
    super(options.message ?? (options.reason ? messageOf(options.reason) : known.message))
    this.code = code
    this.statusCode = options.status ?? known.status
    this.field = options.field
    this.reason = options.reason
    this.expected = options.expected ?? false
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field ? { field: this.field } : {}),
        ...(this.reason ? { reason: this.reason } : {}),
      },
    }
  }
}
