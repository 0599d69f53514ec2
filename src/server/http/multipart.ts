import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors'
import { refuseUnstorableText } from './input-guard'

export interface MultipartForm {
  fields: Record<string, string>
  files: Record<string, Buffer>
}

/**
 * Reads a whole multipart request: text fields, and the named file fields into memory (each
 * bounded by the multipart plugin's limits). An unexpected file field is bad input.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type')
  const form: MultipartForm = { fields: {}, files: {} }
  try {
    await readParts(request, fileFields, form)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (error instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw error
    // The multipart parser's own errors (a body cut short, a part without a name, a boundary
    // that never comes) carry no status: they are bad input, not a server failure.
    throw new AppError('invalid_input')
  }
  return form
}

async function readParts(request: FastifyRequest, fileFields: readonly string[], form: MultipartForm) {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname) || part.fieldname in form.files) {
        // Drain it so that the request completes, then refuse.
        await part.toBuffer().catch(() => undefined)
        throw new AppError('invalid_input', { field: part.fieldname })
      }
      const bytes = await part.toBuffer()
      if (bytes.length > 0) form.files[part.fieldname] = bytes
    } else if (typeof part.value === 'string') {
      if (part.fieldname in form.fields) throw new AppError('invalid_input', { field: part.fieldname })
      refuseUnstorableText({ [part.fieldname]: part.value })
      form.fields[part.fieldname] = part.value
    }
  }
}
