import { describe, expect, it } from 'vitest'
import { messageOf } from './messages'
import { type Actor, filing, type ReportState, transition } from './report-transitions'

const now = new Date('2026-11-25T10:00:00.000Z')
const at = now.toISOString()
const mairie: Actor = { type: 'organization', id: 'org-mairie' }
const ong: Actor = { type: 'organization', id: 'org-ong' }
const admin: Actor = { type: 'admin', id: 'admin-1' }
const filer: Actor = { type: 'citizen', deviceHash: 'device-filer' }
const neighbour: Actor = { type: 'citizen', deviceHash: 'device-neighbour' }

const waiting: ReportState = {
  status: 'en-attente',
  priority: 'normal',
  assignedOrganizationId: null,
  reporterHash: 'device-filer',
  resolvedAt: null,
}
const handled: ReportState = { ...waiting, status: 'en-cours', assignedOrganizationId: 'org-mairie' }
const resolved: ReportState = { ...handled, status: 'resolu', resolvedAt: '2026-11-20T10:00:00.000Z' }
const rejected: ReportState = { ...handled, status: 'rejete' }

describe('transition', () => {
  it('files a report as waiting, with its first line of history', () => {
    expect(filing(filer, now)).toEqual({
      fields: { status: 'en-attente', updated_at: at },
      events: [
        {
          kind: 'created',
          actor_type: 'citizen',
          actor_id: null,
          actor_member_id: null,
          from_status: null,
          to_status: 'en-attente',
          data: null,
        },
      ],
    })
  })

  it('lets one organisation claim an unassigned report; a second gets the SPEC.md text', () => {
    const claimed = transition(waiting, { kind: 'claim' }, mairie, now)
    expect(claimed).toMatchObject({
      ok: true,
      fields: { assigned_organization_id: 'org-mairie', status: 'en-cours', claimed_at: at, updated_at: at },
      events: [
        {
          kind: 'claimed',
          actor_type: 'organization',
          actor_id: 'org-mairie',
          from_status: 'en-attente',
          to_status: 'en-cours',
        },
      ],
    })
    expect(transition(handled, { kind: 'claim' }, mairie, now)).toEqual({ ok: true, fields: {}, events: [] })
    expect(transition(handled, { kind: 'claim' }, ong, now)).toEqual({
      ok: false,
      refusal: { code: 'conflict', reason: 'claim.alreadyClaimed' },
    })
    expect(messageOf('claim.alreadyClaimed')).toBe(
      'Ce signalement a déjà été pris en charge par une autre organisation',
    )
    expect(
      transition({ ...rejected, assignedOrganizationId: null }, { kind: 'claim' }, ong, now),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'not_found' },
    })
  })

  it('sets the moment of a resolution, and forgets it when the report leaves it', () => {
    expect(transition(handled, { kind: 'set-status', status: 'resolu' }, mairie, now)).toMatchObject({
      ok: true,
      fields: { status: 'resolu', resolved_at: at, updated_at: at },
      events: [{ kind: 'status_changed', from_status: 'en-cours', to_status: 'resolu' }],
    })
    expect(transition(resolved, { kind: 'set-status', status: 'en-cours' }, admin, now)).toMatchObject({
      ok: true,
      fields: { status: 'en-cours', resolved_at: null },
      events: [{ actor_type: 'admin', actor_id: 'admin-1' }],
    })
    expect(transition(handled, { kind: 'set-status', status: 'en-cours' }, mairie, now)).toEqual({
      ok: true,
      fields: {},
      events: [],
    })
  })

  it('lets only the managing organisation change a report, and none once it is rejected', () => {
    expect(transition(handled, { kind: 'set-status', status: 'resolu' }, ong, now)).toMatchObject({
      ok: false,
      refusal: { code: 'forbidden' },
    })
    expect(transition(rejected, { kind: 'set-status', status: 'en-cours' }, mairie, now)).toEqual({
      ok: false,
      refusal: { code: 'conflict', reason: 'claim.rejected' },
    })
    expect(transition(rejected, { kind: 'message', title: 'Bonjour' }, mairie, now)).toEqual({
      ok: false,
      refusal: { code: 'conflict', reason: 'claim.rejected' },
    })
    // An administrator may still put it back.
    expect(transition(rejected, { kind: 'set-status', status: 'en-attente' }, admin, now)).toMatchObject({
      ok: true,
    })
  })

  it('records a message by the managing organisation with its title only', () => {
    expect(transition(handled, { kind: 'message', title: 'Intervention jeudi' }, mairie, now)).toEqual({
      ok: true,
      fields: {},
      events: [
        {
          kind: 'message_sent',
          actor_type: 'organization',
          actor_id: 'org-mairie',
          actor_member_id: null,
          from_status: null,
          to_status: null,
          data: { title: 'Intervention jeudi' },
        },
      ],
    })
  })

  it('lets an administrator reject a report only with a reason, written in its history', () => {
    expect(transition(waiting, { kind: 'set-status', status: 'rejete' }, admin, now)).toEqual({
      ok: false,
      refusal: { code: 'invalid_input', reason: 'admin.rejectionReasonRequired' },
    })
    expect(
      transition(
        waiting,
        { kind: 'set-status', status: 'rejete', reason: '  Doublon du signalement voisin.  ' },
        admin,
        now,
      ),
    ).toMatchObject({
      ok: true,
      fields: { status: 'rejete' },
      events: [
        { kind: 'status_changed', to_status: 'rejete', data: { reason: 'Doublon du signalement voisin.' } },
      ],
    })
  })

  it('refuses "en cours" and "résolu" on a report nobody handles', () => {
    for (const status of ['en-cours', 'resolu'] as const) {
      expect(transition(waiting, { kind: 'set-status', status }, admin, now)).toEqual({
        ok: false,
        refusal: { code: 'conflict', reason: 'admin.nobodyHandles' },
      })
    }
    expect(messageOf('admin.nobodyHandles')).toBe(
      'Aucune organisation ne prend en charge ce signalement\u202f: attribuez-le d’abord à une organisation.',
    )
  })

  it('lets an administrator assign a report, which is then being handled, as a claim would make it', () => {
    const assign = { kind: 'assign', organizationId: 'org-ong', organizationName: 'ONG Sama Gox' } as const
    expect(transition(waiting, assign, admin, now)).toEqual({
      ok: true,
      fields: {
        assigned_organization_id: 'org-ong',
        assignee_id: null,
        status: 'en-cours',
        claimed_at: at,
        updated_at: at,
      },
      events: [
        {
          kind: 'claimed',
          actor_type: 'admin',
          actor_id: 'admin-1',
          actor_member_id: null,
          from_status: 'en-attente',
          to_status: 'en-cours',
          data: { organization_name: 'ONG Sama Gox' },
        },
      ],
    })
    // A resolved report given to another organisation stays resolved; the same one changes nothing.
    expect(transition(resolved, assign, admin, now)).toMatchObject({ ok: true, fields: { status: 'resolu' } })
    expect(transition(handled, { ...assign, organizationId: 'org-mairie' }, admin, now)).toEqual({
      ok: true,
      fields: {},
      events: [],
    })
    expect(transition(rejected, assign, admin, now)).toMatchObject({
      ok: false,
      refusal: { code: 'conflict', reason: 'admin.assignRejected' },
    })
    expect(transition(waiting, assign, mairie, now)).toMatchObject({
      ok: false,
      refusal: { code: 'forbidden' },
    })
  })

  it('hands a report to a member: an agent works on their own reports only, a responsable on all (issue 29)', () => {
    const awa: Actor = { type: 'organization', id: 'org-mairie', member: { id: 'awa', role: 'agent' } }
    const moussa: Actor = { type: 'organization', id: 'org-mairie', member: { id: 'moussa', role: 'agent' } }
    const chef: Actor = {
      type: 'organization',
      id: 'org-mairie',
      member: { id: 'fatou', role: 'responsable' },
    }
    // An agent who claims is the one who goes; the line names them.
    expect(transition(waiting, { kind: 'claim' }, awa, now)).toMatchObject({
      ok: true,
      fields: { assigned_organization_id: 'org-mairie', assignee_id: 'awa' },
      events: [{ kind: 'claimed', actor_member_id: 'awa' }],
    })
    expect(transition(waiting, { kind: 'claim' }, chef, now)).not.toMatchObject({
      fields: { assignee_id: expect.anything() },
    })
    const awas: ReportState = { ...handled, assigneeId: 'awa' }
    const resolve = { kind: 'set-status', status: 'resolu' } as const
    expect(transition(awas, resolve, awa, now)).toMatchObject({ ok: true })
    expect(transition(awas, resolve, chef, now)).toMatchObject({ ok: true })
    for (const action of [resolve, { kind: 'message', title: 'Bonjour' } as const]) {
      expect(transition(awas, action, moussa, now)).toEqual({
        ok: false,
        refusal: { code: 'forbidden', reason: 'team.notYourReport' },
      })
    }
    // Handed over by a responsable only, with no line in the public history.
    expect(transition(awas, { kind: 'hand-over', assigneeId: 'moussa' }, chef, now)).toEqual({
      ok: true,
      fields: { assignee_id: 'moussa', updated_at: at },
      events: [],
    })
    expect(transition(awas, { kind: 'hand-over', assigneeId: 'moussa' }, awa, now)).toEqual({
      ok: false,
      refusal: { code: 'forbidden', reason: 'team.responsableOnly' },
    })
    expect(transition(awas, { kind: 'hand-over', assigneeId: 'awa' }, chef, now)).toEqual(
      expect.objectContaining({ fields: {}, events: [] }),
    )
    expect(transition(rejected, { kind: 'hand-over', assigneeId: null }, chef, now)).toMatchObject({
      ok: false,
    })
  })

  it('takes the photo of the fix from a member who may work on the report only (issue 29)', () => {
    const awa: Actor = { type: 'organization', id: 'org-mairie', member: { id: 'awa', role: 'agent' } }
    const moussa: Actor = { type: 'organization', id: 'org-mairie', member: { id: 'moussa', role: 'agent' } }
    const awas: ReportState = { ...handled, assigneeId: 'awa' }
    const photo = { kind: 'resolution-photo' } as const
    expect(transition(awas, photo, awa, now)).toEqual({
      ok: true,
      fields: { updated_at: at },
      events: [expect.objectContaining({ kind: 'resolution_photo', actor_member_id: 'awa' })],
    })
    expect(transition(awas, photo, moussa, now)).toMatchObject({
      refusal: { code: 'forbidden', reason: 'team.notYourReport' },
    })
    expect(transition(awas, photo, ong, now)).toMatchObject({ refusal: { reason: 'claim.notYours' } })
    expect(transition(awas, photo, admin, now)).toMatchObject({ ok: false })
    expect(transition({ ...rejected, assigneeId: 'awa' }, photo, awa, now)).toMatchObject({
      refusal: { code: 'conflict', reason: 'claim.rejected' },
    })
  })

  it('lets an administrator change the priority, recording both values', () => {
    expect(transition(waiting, { kind: 'set-priority', priority: 'urgent' }, admin, now)).toMatchObject({
      ok: true,
      fields: { priority: 'urgent', updated_at: at },
      events: [{ kind: 'priority_changed', data: { from: 'normal', to: 'urgent' } }],
    })
    expect(transition(waiting, { kind: 'set-priority', priority: 'urgent' }, mairie, now).ok).toBe(false)
  })

  it('takes a neighbour’s “Moi aussi” on an open report only, never the filer’s own', () => {
    expect(transition(waiting, { kind: 'support' }, neighbour, now)).toMatchObject({
      ok: true,
      events: [{ kind: 'supported', actor_type: 'citizen' }],
    })
    expect(transition(waiting, { kind: 'support' }, filer, now)).toEqual({
      ok: false,
      refusal: { code: 'conflict', reason: 'support.ownReport' },
    })
    for (const closed of [resolved, rejected]) {
      expect(transition(closed, { kind: 'support' }, neighbour, now)).toEqual({
        ok: false,
        refusal: { code: 'conflict', reason: 'support.closed' },
      })
    }
  })

  it('lets the filing device confirm a resolution, or reopen it once', () => {
    expect(transition(resolved, { kind: 'confirm' }, filer, now)).toMatchObject({
      ok: true,
      fields: {},
      events: [{ kind: 'confirmed' }],
    })
    expect(transition(resolved, { kind: 'reopen' }, filer, now)).toMatchObject({
      ok: true,
      fields: { status: 'en-attente', resolved_at: null, updated_at: at },
      events: [{ kind: 'reopened', from_status: 'resolu', to_status: 'en-attente' }],
    })
    expect(transition(resolved, { kind: 'reopen' }, neighbour, now)).toEqual({
      ok: false,
      refusal: { code: 'forbidden', reason: 'resolution.notYours' },
    })
    const reopenedOnce = {
      ...resolved,
      answers: [{ kind: 'reopened', created_at: '2026-11-10T00:00:00.000Z' }],
    }
    expect(transition(reopenedOnce, { kind: 'reopen' }, filer, now)).toMatchObject({
      ok: false,
      refusal: { code: 'conflict', reason: 'resolution.alreadyReopened' },
    })
  })
})
