/** Said on `window` when the queue of reports changed (queued, sent, cancelled, refused). */
export const OUTBOX_CHANGED_EVENT = 'alertes-urbaines:outbox-changed'
/** The service worker's message to the pages once it sent queued reports (Background Sync). */
export const OUTBOX_SENT_MESSAGE = 'alertes-urbaines:outbox-sent'
/** The Background Sync tag under which the service worker sends the queue. */
export const OUTBOX_SYNC_TAG = 'alertes-urbaines-outbox'

export function announceOutboxChange() {
  window.dispatchEvent(new Event(OUTBOX_CHANGED_EVENT))
}
