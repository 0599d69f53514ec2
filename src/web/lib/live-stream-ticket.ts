import { CITIZEN_TOKEN_HEADER } from '../../domain/constants'
import type { LiveStreamTicket } from '../../domain/events'
import { apiRequest } from './api-client'

/** Who asks: the access token of a signed-in person, or the device token of a citizen. */
export interface TicketCredentials {
  token?: string | null
  citizenToken?: string | null
}

/**
 * A ticket that opens one live stream, once, within the minute (POST /api/events/ticket), asked
 * with the credentials the other routes take in their headers: the stream's address then names no
 * token, for a proxy's log or the console to keep.
 */
export async function askLiveStreamTicket(
  { token, citizenToken }: TicketCredentials,
  signal?: AbortSignal,
): Promise<string> {
  const headers: Record<string, string> = token
    ? { authorization: `Bearer ${token}` }
    : citizenToken
      ? { [CITIZEN_TOKEN_HEADER]: citizenToken }
      : {}
  const { ticket } = await apiRequest<LiveStreamTicket>('/api/events/ticket', {
    method: 'POST',
    headers,
    signal,
  })
  return ticket
}
