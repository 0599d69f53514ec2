// A loopback SMTP server (the `smtp-server` package: the protocol as real servers speak it), for
// the tests of e-mails: it keeps what it receives, and can refuse the next messages as a busy or
// a strict server would.
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedEmail {
  from: string
  to: string[]
  /** The whole message as sent (headers, then the body), lines joined by \n. */
  raw: string
  /** Its text as a mail reader shows it (the quoted-printable body decoded). */
  text: string
}

/** A body in quoted-printable (RFC 2045): soft line breaks joined, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replaceAll('=\n', '')
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`)
  return decodeURIComponent(bytes.replaceAll(/%(?![0-9A-F]{2})/g, '%25'))
}

export async function startSmtpServer() {
  const received: ReceivedEmail[] = []
  /** The next messages are refused with this reply (451: later; 550: never), then taken again. */
  const refusals: { code: number; message: string }[] = []
  const server = new SMTPServer({
    // A plain loopback connection: no certificate to trust, no account to check.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const refusal = refusals.shift()
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
          return
        }
        const raw = Buffer.concat(chunks).toString('utf8').replaceAll('\r\n', '\n')
        const [headers = '', ...body] = raw.split('\n\n')
        const quoted = /content-transfer-encoding: quoted-printable/i.test(headers)
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          text: quoted ? decodeQuotedPrintable(body.join('\n\n')) : body.join('\n\n'),
        })
        callback()
      })
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(code: number, message: string) {
      refusals.push({ code, message })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
