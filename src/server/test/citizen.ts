// Files reports through the real route, as a citizen's device does.
import type { FastifyInstance } from 'fastify'
import { multipartBody } from './multipart'

let address = 0

export async function fileReportAs(
  app: FastifyInstance,
  options: { token?: string; description?: string; categoryId?: number } = {},
): Promise<{ id: string; anonymous_code: string; citizenToken: string }> {
  const categoryId =
    options.categoryId ?? ((await app.inject('/api/categories')).json() as { id: number }[])[0]?.id ?? 0
  const body = multipartBody({
    categoryId,
    description: options.description ?? 'Un problème réel signalé par un habitant',
    latitude: 14.7,
    longitude: -17.45,
  })
  address += 1
  const res = await app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: body.payload,
    headers: {
      ...body.headers,
      'x-forwarded-for': `172.16.${Math.floor(address / 250)}.${address % 250}`,
      ...(options.token ? { 'x-citizen-token': options.token } : {}),
    },
  })
  if (res.statusCode !== 201) throw new Error(`filing failed: ${res.body}`)
  return res.json()
}
