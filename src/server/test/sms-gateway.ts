// SMS Gateway for Android on loopback, as the operator's phone would be: it takes POST /message
// with Basic authentication (401 otherwise), records what it would send, answers its /health, and
// signs the webhooks it sends the platform (hex HMAC-SHA256 of the body followed by X-Timestamp).
import { createHmac, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'

export interface GatewaySms {
  /** The id the platform gave the message. */
  id: string
  to: string
  text: string
}

export const GATEWAY_USERNAME = 'passerelle'
export const GATEWAY_PASSWORD = 'mot-de-passe-de-la-passerelle'
export const WEBHOOK_SECRET = 'cle-de-signature-des-webhooks'

export async function startSmsGateway() {
  const sent: GatewaySms[] = []
  /** The statuses answered to the next sends, in turn (then 202). */
  const answers: number[] = []
  let healthy = true
  const expected = `Basic ${Buffer.from(`${GATEWAY_USERNAME}:${GATEWAY_PASSWORD}`).toString('base64')}`
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.headers.authorization !== expected) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}')
        return
      }
      if (request.method === 'GET' && request.url === '/health') {
        response.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            status: healthy ? 'pass' : 'fail',
            version: '1.40.0',
            releaseId: 1,
            checks: {},
          }),
        )
        return
      }
      if (request.method !== 'POST' || request.url !== '/message') {
        response.writeHead(404).end()
        return
      }
      const status = answers.shift() ?? 202
      if (status >= 300) {
        response.writeHead(status).end()
        return
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id?: string
        textMessage: { text: string }
        phoneNumbers: string[]
      }
      const id = body.id ?? randomUUID()
      if (sent.some((sms) => sms.id === id)) {
        response.writeHead(409).end()
        return
      }
      for (const to of body.phoneNumbers) sent.push({ id, to, text: body.textMessage.text })
      response.writeHead(202, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id,
          state: 'Pending',
          recipients: body.phoneNumbers.map((phoneNumber) => ({ phoneNumber, state: 'Pending' })),
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    sent,
    /** The next sends are answered with these statuses (503: busy, 400: refused for good). */
    answerNext(...statuses: number[]) {
      answers.push(...statuses)
    },
    setHealthy(value: boolean) {
      healthy = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type LoopbackSmsGateway = Awaited<ReturnType<typeof startSmsGateway>>

/** The settings that point the platform at a loopback gateway. */
export function smsEnv(gateway: Pick<LoopbackSmsGateway, 'url'>, number = '33 800 00 00') {
  return {
    SMS_GATEWAY_URL: gateway.url,
    SMS_GATEWAY_USERNAME: GATEWAY_USERNAME,
    SMS_GATEWAY_PASSWORD: GATEWAY_PASSWORD,
    SMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SMS_NUMBER: number,
    PUBLIC_ORIGIN: 'https://alertes.example.sn',
  }
}

let events = 0

/**
 * A webhook as the gateway sends it: its body, and the headers that sign it at `timestamp` (Unix
 * seconds), with `secret` (the platform's by default).
 */
export function signedWebhook(
  event: string,
  payload: Record<string, unknown>,
  options: { at: Date; secret?: string; id?: string },
) {
  const body = JSON.stringify({
    id: options.id ?? `evt-${++events}-${randomUUID()}`,
    webhookId: 'alertes-urbaines',
    deviceId: 'telephone-passerelle',
    event,
    payload,
  })
  const timestamp = String(Math.floor(options.at.getTime() / 1000))
  const signature = createHmac('sha256', options.secret ?? WEBHOOK_SECRET)
    .update(body + timestamp)
    .digest('hex')
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
  }
}

/** An incoming SMS's webhook: `message` from `phoneNumber`. */
export function receivedSms(phoneNumber: string, message: string, at: Date, id?: string) {
  return signedWebhook(
    'sms:received',
    { messageId: 'content-derived', phoneNumber, message, receivedAt: at.toISOString(), simNumber: 1 },
    { at, ...(id ? { id } : {}) },
  )
}

/** Posts a webhook to the platform as the gateway does; the platform's answer. */
export function postWebhook(app: FastifyInstance, hook: { body: string; headers: Record<string, string> }) {
  return app.inject({ method: 'POST', url: '/api/sms/webhook', headers: hook.headers, payload: hook.body })
}
