import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '../domain/errors'

/** The one error type of the API: a stable code, its HTTP status and a French message. */
export class AppError extends Error {
  readonly code: string
  readonly statusCode: number
  readonly field: string | undefined

  constructor(code: ApiErrorCode, options: { message?: string; field?: string; status?: number } = {}) {
    const known = API_ERRORS[code]
    super(options.message ?? known.message)
    this.code = code
    this.statusCode = options.status ?? known.status
    this.field = options.field
  }

  toBody(): ApiErrorBody {
    return {
      error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) },
    }
  }
}
