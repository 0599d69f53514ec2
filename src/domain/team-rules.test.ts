import { describe, expect, it } from 'vitest'
import { memberChangeNeedsPassword, memberChangeRefusal, newAssigneeToTell } from './team-rules'

const awa = { id: 'awa', role: 'responsable', status: 'active' } as const
const moussa = { id: 'moussa', role: 'agent', status: 'active' } as const

describe('memberChangeRefusal', () => {
  it('lets a responsable rename themselves, and change another member', () => {
    expect(memberChangeRefusal('awa', awa, {}, 1)).toBeNull()
    expect(memberChangeRefusal('awa', moussa, { role: 'responsable' }, 1)).toBeNull()
    expect(memberChangeRefusal('awa', moussa, { status: 'disabled' }, 1)).toBeNull()
  })

  it('keeps anyone from disabling or demoting themselves', () => {
    expect(memberChangeRefusal('awa', awa, { status: 'disabled' }, 3)).toBe('notOwnAccount')
    expect(memberChangeRefusal('awa', awa, { role: 'agent' }, 3)).toBe('notOwnAccount')
  })

  it('keeps the last active responsable, and lets one of several go', () => {
    expect(memberChangeRefusal('fatou', awa, { role: 'agent' }, 1)).toBe('lastResponsable')
    expect(memberChangeRefusal('fatou', awa, { status: 'disabled' }, 1)).toBe('lastResponsable')
    expect(memberChangeRefusal('fatou', awa, { role: 'agent' }, 2)).toBeNull()
    // A disabled responsable is not one of the active ones: enabling or demoting them is free.
    const disabled = { ...awa, status: 'disabled' } as const
    expect(memberChangeRefusal('fatou', disabled, { role: 'agent' }, 1)).toBeNull()
  })
})

describe('memberChangeNeedsPassword', () => {
  it('asks it for whatever gives a responsable’s power or access, or takes it from an active responsable', () => {
    expect(memberChangeNeedsPassword(awa, { status: 'disabled' })).toBe(true)
    expect(memberChangeNeedsPassword(awa, { role: 'agent' })).toBe(true)
    expect(memberChangeNeedsPassword(moussa, { role: 'responsable' })).toBe(true)
    expect(memberChangeNeedsPassword({ ...moussa, status: 'invited' }, { role: 'responsable' })).toBe(true)
    expect(memberChangeNeedsPassword({ ...moussa, status: 'disabled' }, { status: 'active' })).toBe(true)
  })

  it('lets a responsable rename, demote or disable an agent, or withdraw an invitation, without it', () => {
    expect(memberChangeNeedsPassword(awa, {})).toBe(false)
    expect(memberChangeNeedsPassword(awa, { role: 'responsable', status: 'active' })).toBe(false)
    expect(memberChangeNeedsPassword(moussa, { status: 'disabled' })).toBe(false)
    expect(memberChangeNeedsPassword({ ...awa, status: 'invited' }, { status: 'disabled' })).toBe(false)
    expect(memberChangeNeedsPassword({ ...awa, status: 'disabled' }, { role: 'agent' })).toBe(false)
  })
})

describe('newAssigneeToTell', () => {
  it('tells the member a report is newly handed to', () => {
    expect(newAssigneeToTell(null, 'moussa', 'awa')).toBe('moussa')
    expect(newAssigneeToTell('fatou', 'moussa', 'awa')).toBe('moussa')
  })

  it('tells nobody of what they did themselves, of a report taken back, or of no change', () => {
    expect(newAssigneeToTell(null, 'moussa', 'moussa')).toBeNull()
    expect(newAssigneeToTell('moussa', null, 'awa')).toBeNull()
    expect(newAssigneeToTell('moussa', 'moussa', 'awa')).toBeNull()
  })
})
