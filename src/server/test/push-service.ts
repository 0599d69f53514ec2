// A push service on loopback, as a browser's would be: it takes what the server posts, checks
// the VAPID signature's audience, and decrypts each notification with the phone's private key,
// so that a test reads what the phone would show.
import { createECDH, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decrypt } from 'http_ece'
import type { PushPayload } from '../../domain/push'

export interface ReceivedPush {
  path: string
  headers: IncomingHttpHeaders
  payload: PushPayload
}

/** A phone's subscription: what the browser would give the app, and its private half. */
export function newPhone(origin: string, id = randomBytes(8).toString('hex')) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16).toString('base64url')
  return {
    id,
    ecdh,
    subscription: {
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
  }
}
export type Phone = ReturnType<typeof newPhone>

export async function startPushService() {
  const phones = new Map<string, Phone>()
  const received: ReceivedPush[] = []
  /** The status answered to the next posts (201 by default): 410 says the phone unsubscribed. */
  let answer = 201
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const id = request.url?.split('/').at(-1) ?? ''
      const phone = phones.get(id)
      if (answer >= 300 || !phone) {
        response.writeHead(phone ? answer : 404).end()
        return
      }
      const plain = decrypt(Buffer.concat(chunks), {
        version: 'aes128gcm',
        privateKey: phone.ecdh,
        authSecret: phone.subscription.keys.auth,
      })
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        payload: JSON.parse(plain.toString('utf8')) as PushPayload,
      })
      response.writeHead(201).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    phone(): Phone {
      const phone = newPhone(origin)
      phones.set(phone.id, phone)
      return phone
    },
    answerWith(status: number) {
      answer = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type PushService = Awaited<ReturnType<typeof startPushService>>
