/** Live events sent to browsers over server-sent events (GET /api/events). */
export const EVENT_TYPES = ['reports.changed', 'organizations.changed', 'notifications.created'] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** What a browser receives: the kind of change and the report or organisation it concerns. */
export interface LiveEvent {
  type: EventType
  reportId?: string
  organizationId?: string
}
