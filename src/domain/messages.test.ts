import { describe, expect, it } from 'vitest'
import { SUPPORT_MESSAGES } from './citizen-actions'
import { TRACKING_MESSAGES } from './citizen-rules'
import { isMessageReason, MESSAGE_GROUPS, MESSAGE_REASONS, type MessageReason, messageOf } from './messages'

describe('the messages of the domain, by reason', () => {
  it('finds each French text by its reason', () => {
    expect(messageOf('tracking.notFound')).toBe(TRACKING_MESSAGES.notFound)
    expect(messageOf('support.tooMany')).toBe(SUPPORT_MESSAGES.tooMany)
    for (const reason of MESSAGE_REASONS) {
      expect(typeof messageOf(reason), reason).toBe('string')
      expect(messageOf(reason).length, reason).toBeGreaterThan(0)
    }
  })

  it('names every message of every group once', () => {
    const count = Object.values(MESSAGE_GROUPS).reduce((sum, group) => sum + Object.keys(group).length, 0)
    expect(MESSAGE_REASONS).toHaveLength(count)
    expect(new Set(MESSAGE_REASONS).size).toBe(count)
  })

  it('tells a reason from anything else received', () => {
    const reason: MessageReason = 'claim.notYours'
    expect(isMessageReason(reason)).toBe(true)
    for (const other of [
      'claim',
      'claim.',
      'claim.nope',
      'nope.notYours',
      'claim.notYours.x',
      'constructor.name',
      'claim.toString',
      42,
      null,
    ]) {
      expect(isMessageReason(other), String(other)).toBe(false)
    }
  })
})
