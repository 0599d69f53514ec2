// The SMS gateway the platform sends through: SMS Gateway for Android (a phone with a Senegalese
// SIM, reached on the local network or through its cloud or private server). Another gateway (an
// operator's API for a short code) is another function of this shape.
import type { SmsConfig } from '../config'

/** How a send went: taken (the gateway's id for it), refused for good, or to be tried again. */
export type GatewayAnswer =
  | { kind: 'taken'; gatewayMessageId: string }
  | { kind: 'refused'; status: number }
  | { kind: 'unavailable'; reason: string }

export interface SmsGateway {
  /** Sends `text` to one E.164 number; `id` is ours, so that a retry is one message, not two. */
  send(message: { id: string; to: string; text: string }): Promise<GatewayAnswer>
  /** Whether the gateway answers its health check with "pass" (or "warn"). */
  reachable(): Promise<boolean>
}

/** Long enough for a phone on the local network or the cloud server; a hung gateway is retried later. */
const REQUEST_TIMEOUT_MS = 15_000

/** The operator's card waits this long for the gateway's health, no more. */
const HEALTH_TIMEOUT_MS = 5_000

/**
 * A refusal that will not change: the message itself is at fault. Not a timeout, a limit, or the
 * gateway's credentials (401, 403: a password changed in the app and not yet here): those SMS
 * wait for their next try rather than all fail at once.
 */
function isPermanent(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status)
}

/** SMS Gateway for Android's API: POST /message with Basic authentication, GET /health. */
export function createAndroidSmsGateway(
  config: Pick<SmsConfig, 'gatewayUrl' | 'username' | 'password'>,
): SmsGateway {
  const authorization = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString('base64')}`

  return {
    async send({ id, to, text }) {
      let response: Response
      try {
        response = await fetch(`${config.gatewayUrl}/message`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ id, textMessage: { text }, phoneNumbers: [to] }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
      } catch (error) {
        return { kind: 'unavailable', reason: (error as Error).message }
      }
      // Sent once already under this id (an answer lost on the way): the gateway has it.
      if (response.status === 409) return { kind: 'taken', gatewayMessageId: id }
      if (!response.ok) {
        await response.body?.cancel()
        return isPermanent(response.status)
          ? { kind: 'refused', status: response.status }
          : { kind: 'unavailable', reason: `HTTP ${response.status}` }
      }
      const state = (await response.json().catch(() => ({}))) as { id?: unknown }
      return { kind: 'taken', gatewayMessageId: typeof state.id === 'string' ? state.id : id }
    },

    async reachable() {
      try {
        const response = await fetch(`${config.gatewayUrl}/health`, {
          headers: { authorization },
          signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        })
        if (!response.ok) {
          await response.body?.cancel()
          return false
        }
        const health = (await response.json()) as { status?: unknown }
        return health.status === 'pass' || health.status === 'warn'
      } catch {
        return false
      }
    },
  }
}
