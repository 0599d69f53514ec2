import { describe, expect, it } from 'vitest'
import { descriptionIsEnough, REPORT_FILING_MESSAGES, reportDraftErrors } from './report-filing-rules'

const valid = {
  categoryId: 1,
  description: 'Nid-de-poule profond',
  hasVoiceNote: false,
  latitude: 14.69,
  longitude: -17.44,
}

describe('reportDraftErrors', () => {
  it('accepts a complete report', () => {
    expect(reportDraftErrors(valid)).toEqual({})
  })

  it('asks for a category', () => {
    expect(reportDraftErrors({ ...valid, categoryId: null })).toEqual({
      categoryId: REPORT_FILING_MESSAGES.unknownCategory,
    })
  })

  it('asks for 10 characters of description, spaces aside, unless a voice note carries the report', () => {
    expect(reportDraftErrors({ ...valid, description: '   trou    ' }).description).toBe(
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
    expect(reportDraftErrors({ ...valid, latitude, longitude })).toEqual({
      position: 'La position du signalement n’est pas valide.',
    })
  })
})
