import { describe, expect, it } from 'vitest'
import { OPEN311_STATUS_MEMBERS, open311Status, open311StatusNotes } from './open311-rules'

describe('Open311 statuses', () => {
  it('map en attente and en cours to open, résolu and rejeté to closed, with the French status as notes', () => {
    expect(open311Status('en-attente')).toBe('open')
    expect(open311Status('en-cours')).toBe('open')
    expect(open311Status('resolu')).toBe('closed')
    expect(open311Status('rejete')).toBe('closed')
    expect(open311StatusNotes('en-cours')).toBe('En cours')
    expect(OPEN311_STATUS_MEMBERS).toEqual({ open: ['en-attente', 'en-cours'], closed: ['resolu', 'rejete'] })
  })
})
