/**
 * Live events sent to browsers over server-sent events (GET /api/events), without zod (the rules
 * half of events.ts). `reports.handed-over` goes to the member a report was just handed to, and to
 * nobody else.
 */
export const EVENT_TYPES = [
  'reports.changed',
  'organizations.changed',
  'notifications.created',
  'reports.handed-over',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** What a browser receives: the kind of change and the report or organisation it concerns. */
export interface LiveEvent {
  type: EventType
  reportId?: string
  organizationId?: string
  /** The report's category, on `reports.handed-over`: what the member is told without asking. */
  category?: string
}

/** A signed-in stream checks its session again this often: a deactivated or expired one ends. */
export const LIVE_STREAM_RECHECK_MS = 30_000
/** Live streams open at once from one network address (on one server instance). */
export const LIVE_STREAMS_PER_ADDRESS = 20
/**
 * A ticket opens one stream, once, within this time of being handed out (POST /api/events/ticket):
 * the stream's address then names no credential that a proxy's log or the browser's console
 * could keep, and a ticket seen there is already spent or about to expire.
 */
export const LIVE_STREAM_TICKET_TTL_S = 60

export const LIVE_EVENT_MESSAGES = {
  tooManyStreams: 'Trop de connexions en direct depuis cette adresse. Fermez des onglets puis réessayez.',
  ticketNotValid:
    'Ce ticket du direct n’est pas valable : il n’ouvre qu’une connexion, dans la minute. Demandez-en un autre.',
  credentialInAddress:
    'Le direct ne prend plus de jeton dans son adresse : demandez d’abord un ticket (POST /api/events/ticket).',
} as const
