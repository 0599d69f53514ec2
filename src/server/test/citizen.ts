// Files reports through the real route, as a citizen's device does.
import type { FastifyInstance } from 'fastify'
import { png, webmVoiceNote } from './media-fixtures'
import { type FilePart, multipartBody } from './multipart'

let address = 0

export async function fileReportAs(
  app: FastifyInstance,
  options: {
    token?: string
    description?: string
    categoryId?: number
    /** A photo and a voice note go with it. */
    withMedia?: boolean
    idempotencyKey?: string
    /** Where it is (Dakar, between Fann and Grand Dakar, unless told). */
    at?: { latitude: number; longitude: number }
  } = {},
): Promise<{ id: string; anonymous_code: string; citizenToken: string }> {
  const res = await sendReport(app, options)
  if (res.statusCode !== 201) throw new Error(`filing failed: ${res.body}`)
  return res.json()
}

/** One filing as a device sends it, whatever the answer. */
export async function sendReport(app: FastifyInstance, options: Parameters<typeof fileReportAs>[1] = {}) {
  const categoryId =
    options.categoryId ?? ((await app.inject('/api/categories')).json() as { id: number }[])[0]?.id ?? 0
  const files: FilePart[] = options.withMedia
    ? [
        { name: 'photo', filename: 'photo.png', contentType: 'image/png', data: await png() },
        { name: 'audio', filename: 'note.webm', contentType: 'audio/webm', data: webmVoiceNote },
      ]
    : []
  const body = multipartBody(
    {
      categoryId,
      description: options.description ?? 'Un problème réel signalé par un habitant',
      latitude: options.at?.latitude ?? 14.7,
      longitude: options.at?.longitude ?? -17.45,
    },
    files,
  )
  address += 1
  return app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: body.payload,
    headers: {
      ...body.headers,
      'x-forwarded-for': `172.16.${Math.floor(address / 250)}.${address % 250}`,
      ...(options.token ? { 'x-citizen-token': options.token } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
  })
}

/** The id of a default category, by its name. */
export async function categoryIdOf(app: FastifyInstance, name: string): Promise<number> {
  const categories = (await app.inject('/api/categories')).json() as { id: number; nom: string }[]
  const found = categories.find((category) => category.nom === name)
  if (!found) throw new Error(`no category ${name}`)
  return found.id
}
