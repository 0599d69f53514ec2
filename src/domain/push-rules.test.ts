import { describe, expect, it } from 'vitest'
import {
  handedOverPayload,
  PUSH_BODY_MAX_LENGTH,
  PUSH_FIRST_RETRY_MS,
  PUSH_MAX_RETRY_MS,
  pushNewsOf,
  pushPayloadOf,
  pushRetryDelay,
} from './push-rules'
import type { HistoryLine } from './report-transitions'

const line = (fields: Partial<HistoryLine>): HistoryLine => ({
  kind: 'status_changed',
  actor_type: 'organization',
  actor_id: 'org',
  actor_member_id: null,
  from_status: null,
  to_status: null,
  data: null,
  ...fields,
})

describe('pushNewsOf', () => {
  it('tells the last status a change reaches, once, with a rejection’s reason', () => {
    const assignedThenRejected = [
      line({ kind: 'claimed', actor_type: 'admin', from_status: 'en-attente', to_status: 'en-cours' }),
      line({
        actor_type: 'admin',
        from_status: 'en-cours',
        to_status: 'rejete',
        data: { reason: 'Doublon' },
      }),
    ]
    expect(pushNewsOf(assignedThenRejected)).toEqual([
      { kind: 'status', status: 'rejete', reason: 'Doublon' },
    ])
  })

  it('does not tell the device what it did itself, nor a priority', () => {
    const reopenedByDevice = line({
      kind: 'reopened',
      actor_type: 'citizen',
      from_status: 'resolu',
      to_status: 'en-attente',
    })
    expect(pushNewsOf([reopenedByDevice])).toEqual([])
    expect(pushNewsOf([line({ kind: 'priority_changed', actor_type: 'admin' })])).toEqual([])
  })

  it('tells of a report put back to waiting by an organisation', () => {
    expect(pushNewsOf([line({ from_status: 'resolu', to_status: 'en-attente' })])).toEqual([
      { kind: 'status', status: 'en-attente', reason: null },
    ])
  })

  it('tells of a message only when one was sent', () => {
    const message = { title: 'Intervention', message: 'Demain matin' }
    expect(pushNewsOf([line({ kind: 'message_sent' })], message)).toEqual([{ kind: 'message', ...message }])
    expect(pushNewsOf([], message)).toEqual([])
  })
})

describe('pushPayloadOf', () => {
  it('cuts a long message so that the notification stays small', () => {
    const payload = pushPayloadOf(
      { kind: 'message', title: 'Titre', message: 'x'.repeat(5000) },
      { id: 'r1', category: 'Voirie' },
      'wo',
    )
    expect(payload.body).toHaveLength(PUSH_BODY_MAX_LENGTH)
    expect(payload.body.endsWith('…')).toBe(true)
    expect(payload.tag).toBe('report-r1')
  })
})

describe('pushRetryDelay', () => {
  it('doubles after each failure, up to an hour', () => {
    expect(pushRetryDelay(1)).toBe(PUSH_FIRST_RETRY_MS)
    expect(pushRetryDelay(2)).toBe(2 * PUSH_FIRST_RETRY_MS)
    expect(pushRetryDelay(30)).toBe(PUSH_MAX_RETRY_MS)
  })
})

describe('handedOverPayload', () => {
  it('says which category and where, and opens Ma tournée', () => {
    expect(handedOverPayload({ id: 'r1', category: 'Voirie', address: 'Rue 6, Médina' })).toEqual({
      title: 'Nouveau signalement confié',
      body: 'Voirie\nRue 6, Médina',
      tag: 'handed-over-r1',
      url: '/organization/tournee',
    })
  })

  it('gives the category alone when the report has no address', () => {
    expect(handedOverPayload({ id: 'r1', category: 'Voirie', address: null }).body).toBe('Voirie')
    expect(handedOverPayload({ id: 'r1', category: 'Voirie', address: '  ' }).body).toBe('Voirie')
  })
})
