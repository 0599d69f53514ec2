import type { FastifyRequest } from 'fastify'
import type { MessageReason } from '../../domain/messages'
import { AppError } from '../errors'
import { refuseUnstorableText } from './input-guard'

export interface MultipartForm {
  fields: Record<string, string>
  files: Record<string, Buffer>
}

/**
 * Reads a whole multipart request: text fields, and the named file fields into memory (each
 * bounded by the multipart plugin's limits). A file the form does not take (another name, a
 * second of a name, one past the plugin's count) is bad input, answered with `tooManyFiles`: the
 * files the form takes, not their size, which is not the problem. The one multipart form is the
 * report's.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  tooManyFiles: MessageReason = 'filing.tooManyFiles',
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type')
  const form: MultipartForm = { fields: {}, files: {} }
  try {
    await readParts(request, fileFields, form, tooManyFiles)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'FST_FILES_LIMIT') throw new AppError('invalid_input', { reason: tooManyFiles })
    if (error instanceof AppError || (typeof code === 'string' && code.startsWith('FST_'))) throw error
    // The multipart parser's own errors (a body cut short, a part without a name, a boundary
    // that never comes) carry no status: they are bad input, not a server failure.
    throw new AppError('invalid_input')
  }
  return form
}

async function readParts(
  request: FastifyRequest,
  fileFields: readonly string[],
  form: MultipartForm,
  tooManyFiles: MessageReason,
) {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname) || part.fieldname in form.files) {
        // Drain it so that the request completes, then refuse.
        await part.toBuffer().catch(() => undefined)
        throw new AppError('invalid_input', { reason: tooManyFiles, field: part.fieldname })
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
