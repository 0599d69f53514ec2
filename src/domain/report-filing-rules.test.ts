import { describe, expect, it } from 'vitest'
import {
  descriptionIsEnough,
  isStrongIdempotencyKey,
  REPORT_FILING_MESSAGES,
  reportDraftErrors,
} from './report-filing-rules'

const valid = {
  categoryId: 1,
  description: 'Nid-de-poule profond',
  hasVoiceNote: false,
  latitude: 14.69,
  longitude: -17.44,
  placeChosen: true,
}

describe('reportDraftErrors', () => {
  it('accepts a complete report', () => {
    expect(reportDraftErrors(valid)).toEqual({})
  })

  it('asks for a category', () => {
    expect(reportDraftErrors({ ...valid, categoryId: null })).toEqual({ categoryId: 'unknownCategory' })
    expect(REPORT_FILING_MESSAGES.unknownCategory).toBe('Choisissez une catégorie dans la liste.')
  })

  it('asks for 10 characters of description, spaces aside, unless a voice note carries the report', () => {
    expect(reportDraftErrors({ ...valid, description: '   trou    ' }).description).toBe(
      'descriptionTooShort',
    )
    expect(REPORT_FILING_MESSAGES.descriptionTooShort).toBe(
      'Décrivez le problème en au moins 10 caractères, ou enregistrez une note vocale.',
    )
    expect(reportDraftErrors({ ...valid, description: '', hasVoiceNote: true })).toEqual({})
    expect(descriptionIsEnough('0123456789', false)).toBe(true)
  })

  it.each([
    [999, -17.44],
    [14.69, -181],
    [Number.NaN, -17.44],
  ])('refuses the position %d, %d', (latitude, longitude) => {
    expect(reportDraftErrors({ ...valid, latitude, longitude })).toEqual({ position: 'invalidCoordinates' })
  })

  it('asks for the place when the phone did not give it and the citizen did not show it', () => {
    expect(reportDraftErrors({ ...valid, placeChosen: false })).toEqual({ position: 'placeNotChosen' })
    expect(REPORT_FILING_MESSAGES.placeNotChosen).toContain('confirmez le point affiché')
  })
})

describe('isStrongIdempotencyKey', () => {
  it('accepts a UUID v4 and 22 base64url characters or more', () => {
    expect(isStrongIdempotencyKey('3b241101-e2bb-4255-8caf-4136c566a962')).toBe(true)
    expect(isStrongIdempotencyKey('8Jd2-kQ_x9LmP3rT5vW7yZ')).toBe(true)
    expect(isStrongIdempotencyKey('0123456789abcdef0123456789abcdef')).toBe(true)
  })

  it('refuses shorter keys, other characters and UUIDs of another version', () => {
    expect(isStrongIdempotencyKey('offline-queue-0001')).toBe(false)
    expect(isStrongIdempotencyKey('8Jd2-kQ_x9LmP3rT5vW7y')).toBe(false)
    expect(isStrongIdempotencyKey('8Jd2+kQ/x9LmP3rT5vW7yZ==')).toBe(false)
    // version 1: a clock and a machine address
    expect(isStrongIdempotencyKey('6fa459ea-ee8a-11ca-8c1c-00c04fd430c8')).toBe(false)
    expect(isStrongIdempotencyKey('00000000-0000-0000-0000-000000000000')).toBe(false)
  })
})
