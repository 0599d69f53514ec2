import { describe, expect, it } from 'vitest'
import {
  isPublicStatus,
  normalizePriority,
  normalizeStatus,
  OPEN_REPORT_STATUSES,
  REPORT_PRIORITIES,
  REPORT_STATUSES,
  reportStatusAsReceived,
  statusesOfKind,
} from './report-states'

describe('report statuses', () => {
  it('carry the French labels and colours of SPEC.md', () => {
    expect(REPORT_STATUSES['en-attente']).toMatchObject({ label: 'En attente', tone: 'red' })
    expect(REPORT_STATUSES['en-cours']).toMatchObject({ label: 'En cours', tone: 'yellow' })
    expect(REPORT_STATUSES.resolu).toMatchObject({ label: 'Résolu', tone: 'green' })
    expect(REPORT_STATUSES.rejete.label).toBe('Rejeté')
  })

  it('know their kind: open while the problem is there, closed once resolved, hidden once rejected', () => {
    expect(statusesOfKind('open')).toEqual(['en-attente', 'en-cours'])
    expect(statusesOfKind('closed')).toEqual(['resolu'])
    expect(statusesOfKind('hidden')).toEqual(['rejete'])
    expect(OPEN_REPORT_STATUSES).toEqual(statusesOfKind('open'))
    expect(['en-attente', 'resolu', 'rejete'].map(isPublicStatus)).toEqual([true, true, false])
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
