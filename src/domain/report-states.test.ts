import { describe, expect, it } from 'vitest'
import {
  normalizePriority,
  normalizeStatus,
  REPORT_PRIORITIES,
  REPORT_STATUSES,
  reportStatusAsReceived,
} from './report-states'

describe('report statuses', () => {
  it('carry the French labels and colours of SPEC.md', () => {
    expect(REPORT_STATUSES['en-attente']).toEqual({ label: 'En attente', tone: 'red' })
    expect(REPORT_STATUSES['en-cours']).toEqual({ label: 'En cours', tone: 'yellow' })
    expect(REPORT_STATUSES.resolu).toEqual({ label: 'Résolu', tone: 'green' })
    expect(REPORT_STATUSES.rejete.label).toBe('Rejeté')
  })

  it('treat an unknown status as en-attente on admin and organisation badges', () => {
    expect(normalizeStatus('archive')).toBe('en-attente')
    expect(normalizeStatus('resolu')).toBe('resolu')
  })

  it('show an unknown status as received, in grey, on the citizen screens', () => {
    expect(reportStatusAsReceived('archive-inconnu')).toEqual({ label: 'archive-inconnu', tone: 'grey' })
    expect(reportStatusAsReceived('en-cours')).toEqual({ label: 'En cours', tone: 'yellow' })
  })
})

describe('report priorities', () => {
  it('show an unknown priority as normal', () => {
    expect(normalizePriority('critical')).toBe('normal')
    expect(REPORT_PRIORITIES[normalizePriority('high')].label).toBe('Élevé')
  })
})
