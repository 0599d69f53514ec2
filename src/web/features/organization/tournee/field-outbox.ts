// What a field agent does without a connection waits on the phone (IndexedDB, with the photo),
// shown as "En attente d'envoi", until it reaches the server: each action under its own
// Idempotency-Key, so that however often it is sent, the server does it once (issue 29).
import { createStore, del, set, type UseStore, values } from 'idb-keyval'
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/report-filing-rules'
import type { OrganizationSettableStatus } from '../../../../domain/report-states'
import { ApiError } from '../../../lib/api-client'
import { authRequest } from '../../../lib/auth/auth-request'

export type FieldAction =
  | { kind: 'status'; status: OrganizationSettableStatus }
  | { kind: 'message'; title: string; message: string }
  | { kind: 'photo'; photo: Blob; fileName: string; note: string }

export interface QueuedFieldAction {
  /** Its Idempotency-Key. */
  key: string
  /** Whose work it is: sent under that member's session only. */
  memberId: string
  reportId: string
  queuedAt: string
  action: FieldAction
  /** `refused`: the server said no; it is shown with its message and not sent again by itself. */
  state: 'waiting' | 'refused'
  error: string | null
}

let store: UseStore | undefined
const actions = () => (store ??= createStore('alertes-urbaines-field-outbox', 'actions'))

/** This member's actions, oldest first: they reach the server in the order they were done. */
export async function queuedFieldActions(memberId: string): Promise<QueuedFieldAction[]> {
  const all = await values<QueuedFieldAction>(actions())
  return all
    .filter((entry) => entry.memberId === memberId)
    .sort((a, b) => a.queuedAt.localeCompare(b.queuedAt))
}

export function putFieldAction(entry: QueuedFieldAction): Promise<void> {
  return set(entry.key, entry, actions())
}

export function removeFieldAction(key: string): Promise<void> {
  return del(key, actions())
}

/** Sends one action as the signed-in member, under its key. */
export function sendFieldAction(entry: QueuedFieldAction): Promise<unknown> {
  const path = `/api/org/reports/${entry.reportId}`
  const headers = { [IDEMPOTENCY_KEY_HEADER]: entry.key }
  const { action } = entry
  switch (action.kind) {
    case 'status':
      return authRequest(path, { method: 'PATCH', headers, json: { status: action.status } })
    case 'message':
      return authRequest(`${path}/notifications`, {
        method: 'POST',
        headers,
        json: { title: action.title, message: action.message },
      })
    case 'photo': {
      const form = new FormData()
      if (action.note.trim()) form.append('note', action.note)
      form.append('photo', action.photo, action.fileName)
      return authRequest(`${path}/resolution`, { method: 'POST', headers, form })
    }
  }
}

/** No network, a busy server, an expired session being renewed: the same action later. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  const { status } = error
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500
}

export interface FieldFlushResult {
  sent: number
  waiting: number
  refused: number
}

/**
 * Sends this member's waiting actions, oldest first. The first that cannot go now (no network)
 * stops the round: the ones after it would fare no better, and they keep their order.
 */
export async function flushFieldActions(
  memberId: string,
  send: (entry: QueuedFieldAction) => Promise<unknown> = sendFieldAction,
): Promise<FieldFlushResult> {
  const result: FieldFlushResult = { sent: 0, waiting: 0, refused: 0 }
  const queued = await queuedFieldActions(memberId)
  for (const [index, entry] of queued.entries()) {
    if (entry.state === 'refused') {
      result.refused += 1
      continue
    }
    try {
      await send(entry)
    } catch (error) {
      if (worthRetrying(error)) {
        result.waiting += queued.length - index
        return result
      }
      await putFieldAction({ ...entry, state: 'refused', error: (error as Error).message })
      result.refused += 1
      continue
    }
    await removeFieldAction(entry.key)
    result.sent += 1
  }
  return result
}
