import { describe, expect, it } from 'vitest'
import { confirmRefusal, RESOLUTION_MESSAGES, reopenRefusal, resolutionQuestion } from './citizen-actions'
import { anonymousCodeStartIn, isReportId, normalizeAnonymousCode, reportPagePath } from './citizen-rules'
import { anonymousCodeSchema } from './report'
import { reportEventLabel } from './report-history'

describe('normalizeAnonymousCode', () => {
  it('accepts a code typed in lower case or with spaces around', () => {
    expect(normalizeAnonymousCode(' 7kq2m9xd ')).toBe('7KQ2M9XD')
  })

  it.each([
    ['spaces', 'mefw yr5w'],
    ['a dash', 'MEFW-YR5W'],
    ['a space between every character', 'M E F W Y R 5 W'],
    ['no-break and narrow no-break spaces', 'MEFW\u00a0YR5W\u202f'],
    ['an en dash and dots', 'mefw–yr5w.'],
  ])('reads a code copied with %s', (_, code) => {
    expect(normalizeAnonymousCode(code)).toBe('MEFWYR5W')
  })

  it.each(['7KQ2M9X', '7KQ2M9XDA', '7KQ2M0XD', 'OKQ2M9XD', '7KQ-M9X', 'K 8 J 8 U 5 F YK8J8U5FY', ''])(
    'refuses %s',
    (code) => {
      expect(normalizeAnonymousCode(code)).toBeNull()
    },
  )

  it('agrees with the server’s schema', () => {
    for (const code of ['7kq2m9xd', 'mefw yr5w', 'MEFW-YR5W', 'ABCDEFGH', '11111111', 'abc']) {
      expect(normalizeAnonymousCode(code)).toBe(anonymousCodeSchema.safeParse(code).data ?? null)
    }
  })
})

describe('anonymousCodeStartIn', () => {
  it('reads a code written with spaces, dashes or dots, in any case', () => {
    expect(anonymousCodeStartIn('7kq2 m9xd')).toBe('7KQ2M9XD')
    expect(anonymousCodeStartIn(' 7KQ2-M9XD ')).toBe('7KQ2M9XD')
    expect(anonymousCodeStartIn('7KQ2.M9XD')).toBe('7KQ2M9XD')
  })

  it('reads the start of a code, from 4 characters', () => {
    expect(anonymousCodeStartIn('7KQ2 M9X')).toBe('7KQ2M9X')
    expect(anonymousCodeStartIn('k7m2')).toBe('K7M2')
    expect(anonymousCodeStartIn('k7m')).toBeNull()
  })

  it('finds none in words or in what cannot be a code', () => {
    expect(anonymousCodeStartIn('lampadaire')).toBeNull()
    expect(anonymousCodeStartIn('7KQ2 M9XD2')).toBeNull()
    expect(anonymousCodeStartIn('7KQ2 M9XO')).toBeNull() // O is not in the codes' alphabet
  })
})

describe('reportEventLabel', () => {
  it('names the known events in French and shows an unknown one as received', () => {
    expect(reportEventLabel('claimed')).toBe('Pris en charge')
    expect(reportEventLabel('message_sent')).toBe('Message reçu')
    expect(reportEventLabel('archived')).toBe('archived')
  })
})

describe('"Est-ce réglé ?" rules', () => {
  const now = new Date('2026-11-22T10:00:00Z')
  const base = {
    status: 'resolu',
    filedByThisDevice: true,
    resolvedAt: '2026-11-20T10:00:00Z',
    history: [] as { kind: string; created_at: string }[],
    now,
  }

  it('asks the device that filed a report resolved in the last 30 days', () => {
    expect(resolutionQuestion(base)).toEqual({ can_reopen: true })
    expect(resolutionQuestion({ ...base, filedByThisDevice: false })).toBeNull()
    expect(resolutionQuestion({ ...base, status: 'en-cours' })).toBeNull()
    expect(resolutionQuestion({ ...base, resolvedAt: '2026-10-01T10:00:00Z' })).toBeNull()
  })

  it('stops asking once confirmed since the resolution, and offers only "Oui" after one reopening', () => {
    expect(
      resolutionQuestion({ ...base, history: [{ kind: 'confirmed', created_at: '2026-11-21T08:00:00Z' }] }),
    ).toBeNull()
    // A confirmation of an earlier resolution does not answer this one.
    expect(
      resolutionQuestion({ ...base, history: [{ kind: 'confirmed', created_at: '2026-11-01T08:00:00Z' }] }),
    ).toEqual({
      can_reopen: true,
    })
    expect(
      resolutionQuestion({ ...base, history: [{ kind: 'reopened', created_at: '2026-11-10T08:00:00Z' }] }),
    ).toEqual({
      can_reopen: false,
    })
  })

  it('names the reason of each refusal', () => {
    expect(confirmRefusal({ ...base, filedByThisDevice: false })).toBe('notYours')
    expect(confirmRefusal({ ...base, status: 'en-attente', resolvedAt: null })).toBe('notResolved')
    expect(
      reopenRefusal({ ...base, history: [{ kind: 'reopened', created_at: '2026-11-10T08:00:00Z' }] }),
    ).toBe('alreadyReopened')
    expect(reopenRefusal({ ...base, resolvedAt: '2026-10-01T10:00:00Z' })).toBe('tooLate')
    expect(RESOLUTION_MESSAGES.tooLate).toBe('Le délai de 30 jours pour rouvrir ce signalement est dépassé.')
  })
})

describe('a report’s public page', () => {
  it('is found by an id that can be a report’s, in any case, and by nothing else', () => {
    expect(isReportId('6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c')).toBe(true)
    expect(isReportId('6F1C1B9E-8A51-4C3E-9D43-0D7F1E2A3B4C')).toBe(true)
    for (const other of [
      '',
      'abc',
      '6f1c1b9e8a514c3e9d430d7f1e2a3b4c',
      '6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4',
      ' 6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c',
      '6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c/x',
      'gf1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c',
    ]) {
      expect(isReportId(other), other).toBe(false)
    }
  })

  it('has its address under /signalements', () => {
    expect(reportPagePath('6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c')).toBe(
      '/signalements/6f1c1b9e-8a51-4c3e-9d43-0d7f1e2a3b4c',
    )
    expect(reportPagePath('a/b?c')).toBe('/signalements/a%2Fb%3Fc')
  })
})
