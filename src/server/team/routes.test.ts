// An organisation's team (issue 29, points 1–4): invitations by a one-time link, each member's
// own login, and what a responsable may change. The refusals of every caller are in the
// permission matrix (permissions.test.ts).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { INVITATION_TTL_MS } from '../../domain/team'
import { organizationMembers } from '../db/schema'
import {
  addMember,
  bearer,
  createOrganization,
  loginAdmin,
  loginOrganization,
  ORG_PASSWORD,
  webLogin,
} from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'
import { type MovingClock, movingClock } from '../test/moving-clock'

let ctx: TestContext
let clock: MovingClock
let organization: Awaited<ReturnType<typeof createOrganization>>
let responsable: Session

beforeAll(async () => {
  clock = movingClock(new Date('2026-11-28T10:00:00Z'))
  ctx = await buildTestApp({ clock })
  organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  responsable = await loginOrganization(ctx.app, organization.email)
})
afterAll(() => ctx.close())

let people = 0
const person = () => ({ name: 'Awa Ndiaye', email: `awa.ndiaye${++people}@mairie.sn`, role: 'agent' })

const invite = (session: Session, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/org/members', payload, headers: bearer(session) })
const members = async (session: Session) =>
  (await ctx.app.inject({ url: '/api/org/members', headers: bearer(session) })).json().items as {
    id: string
    email: string
    status: string
    role: string
  }[]
const change = (session: Session, id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/org/members/${id}`, payload, headers: bearer(session) })
const readInvitation = (token: string) => ctx.app.inject({ url: `/api/org/invitations/${token}` })
const accept = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/org/invitations/${token}`, payload: { password } })
const tokenOf = (url: string) => url.split('/').pop() ?? ''

async function activeMember(role: 'agent' | 'responsable' = 'agent') {
  const invited = await invite(responsable, { ...person(), role })
  await accept(tokenOf(invited.json().invitation.url), 'motdepasse-agent')
  const member = invited.json().member as { id: string; email: string }
  return { ...member, session: await loginOrganization(ctx.app, member.email, 'motdepasse-agent') }
}

describe('an invitation, from the responsable to the agent who signs in', () => {
  it('gives a one-time link for 7 days; the person chooses a password and signs in with their own e-mail', async () => {
    const awa = person()
    const res = await invite(responsable, { ...awa, email: `  ${awa.email.toUpperCase()} ` })
    expect(res.statusCode).toBe(201)
    const { member, invitation } = res.json()
    expect(member).toMatchObject({ name: 'Awa Ndiaye', role: 'agent', status: 'invited', last_login: null })
    expect(invitation.url).toMatch(/^http:\/\/localhost(:\d+)?\/organization\/invitation\/[A-Za-z0-9_-]{43}$/)
    expect(Date.parse(invitation.expires_at) - clock.now().getTime()).toBe(INVITATION_TTL_MS)
    // Only its hash is kept.
    const [row] = await ctx.db.db
      .select()
      .from(organizationMembers)
      .where(eq(organizationMembers.id, member.id))
    expect(row?.invitation_hash).not.toContain(tokenOf(invitation.url))
    expect(row?.password_hash).toBeNull()

    const token = tokenOf(invitation.url)
    const shown = await readInvitation(token)
    expect(shown.statusCode).toBe(200)
    expect(shown.json()).toEqual({
      organization_name: organization.name,
      name: 'Awa Ndiaye',
      email: member.email,
    })
    // An invited person cannot sign in before choosing a password.
    expect(
      (await webLogin(ctx.app, { userType: 'organization', email: member.email, password: '' })).statusCode,
    ).toBe(400)

    expect((await accept(token, 'mon-mot-de-passe')).statusCode).toBe(200)
    const session = await loginOrganization(ctx.app, member.email, 'mon-mot-de-passe')
    expect(session.user).toMatchObject({ id: organization.id, member: { id: member.id, role: 'agent' } })
    const me = await ctx.app.inject({ url: '/api/org/me', headers: bearer(session) })
    expect(me.json()).toMatchObject({
      id: organization.id,
      member: { id: member.id, name: 'Awa Ndiaye', email: member.email, role: 'agent' },
    })
    const listed = (await members(responsable)).find((m) => m.id === member.id)
    expect(listed).toMatchObject({ status: 'active', last_login: expect.any(String) })

    // The link is spent.
    expect((await readInvitation(token)).statusCode).toBe(410)
    const again = await accept(token, 'autre-mot-de-passe')
    expect(again.statusCode).toBe(410)
    expect(again.json().error.message).toBe(
      'Ce lien d’invitation a déjà servi ou a expiré. Demandez un nouveau lien à votre responsable.',
    )
    await loginOrganization(ctx.app, member.email, 'mon-mot-de-passe')
  })

  it('answers 404 for an unknown link and 410 for an expired one; a new link replaces the old', async () => {
    const unknown = await readInvitation('x'.repeat(43))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe('Ce lien d’invitation n’existe pas.')

    const invited = (await invite(responsable, person())).json()
    const first = tokenOf(invited.invitation.url)
    clock.advance(INVITATION_TTL_MS)
    // A week on: the responsable's access token has long expired.
    responsable = await loginOrganization(ctx.app, organization.email)
    expect((await readInvitation(first)).statusCode).toBe(410)
    expect((await accept(first, 'motdepasse')).statusCode).toBe(410)

    const renewed = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/members/${invited.member.id}/invitation`,
      headers: bearer(responsable),
    })
    expect(renewed.statusCode).toBe(201)
    const second = tokenOf(renewed.json().invitation.url)
    expect(second).not.toBe(first)
    expect((await readInvitation(first)).statusCode).toBe(404)
    expect((await accept(second, 'motdepasse')).statusCode).toBe(200)
    // An active member needs no invitation any more.
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/members/${invited.member.id}/invitation`,
      headers: bearer(responsable),
    })
    expect(none.statusCode).toBe(409)
  })

  it('refuses a short password in French and changes nothing', async () => {
    const invited = (await invite(responsable, person())).json()
    const token = tokenOf(invited.invitation.url)
    const res = await accept(token, 'abc')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Le mot de passe doit faire au moins 6 caractères')
    expect((await readInvitation(token)).statusCode).toBe(200)
  })

  it('refuses an e-mail already a login or another organisation’s contact, whatever its case', async () => {
    const agent = await addMember(ctx.db.db, organization.id)
    const other = await createOrganization(ctx.db.db)
    for (const email of [agent.email.toUpperCase(), other.email, organization.email]) {
      const res = await invite(responsable, { ...person(), email })
      expect(res.statusCode, email).toBe(409)
      expect(res.json().error).toMatchObject({
        field: 'email',
        message: 'Cette adresse email est déjà utilisée.',
      })
    }
    const bad = await invite(responsable, { name: ' ', email: 'pas-une-adresse', role: 'chef' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('PATCH /api/org/members/:id', () => {
  it('renames and changes a role; a disabled member is refused at once, then cannot sign in', async () => {
    const agent = await activeMember()
    const renamed = await change(responsable, agent.id, { name: 'Awa Ndiaye Diop', role: 'responsable' })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Awa Ndiaye Diop', role: 'responsable', status: 'active' })
    expect((await change(responsable, agent.id, { role: 'agent' })).statusCode).toBe(200)

    expect((await ctx.app.inject({ url: '/api/org/me', headers: bearer(agent.session) })).statusCode).toBe(
      200,
    )
    expect((await change(responsable, agent.id, { status: 'disabled' })).json().status).toBe('disabled')
    expect((await ctx.app.inject({ url: '/api/org/me', headers: bearer(agent.session) })).statusCode).toBe(
      401,
    )
    await expect(loginOrganization(ctx.app, agent.email, 'motdepasse-agent')).rejects.toThrow(
      'Email ou mot de passe incorrect, ou compte non approuvé',
    )
    // Enabled again, they sign in again.
    await change(responsable, agent.id, { status: 'active' })
    await loginOrganization(ctx.app, agent.email, 'motdepasse-agent')
  })

  it('keeps a responsable from disabling or demoting themselves, and the last active responsable', async () => {
    const own = await members(responsable)
    const me = own.find((m) => m.email === organization.email)
    if (!me) throw new Error('no responsable')
    for (const payload of [{ status: 'disabled' }, { role: 'agent' }]) {
      const res = await change(responsable, me.id, payload)
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe(
        'Vous ne pouvez ni désactiver votre propre compte ni vous retirer le rôle de responsable.',
      )
    }
    // A second responsable may not demote the first while they are the only other one… but may
    // once a third exists; the last active responsable always stays.
    const second = await activeMember('responsable')
    const demoted = await change(second.session, me.id, { role: 'agent' })
    expect(demoted.statusCode).toBe(200)
    const last = await change(responsable, second.id, { role: 'agent' })
    // The first is an agent now: 403 on the team's routes.
    expect(last.statusCode).toBe(403)
    expect(last.json().error.message).toBe('Seul un responsable de l’organisation peut faire cela.')
    const kept = await change(second.session, second.id, { role: 'agent' })
    expect(kept.statusCode).toBe(409)
    await change(second.session, me.id, { role: 'responsable' })
  })

  it('of two responsables demoting each other at once, one wins: the organisation keeps one', async () => {
    const team = await createOrganization(ctx.db.db)
    const first = await loginOrganization(ctx.app, team.email)
    const other = await addMember(ctx.db.db, team.id, { role: 'responsable' })
    const second = await loginOrganization(ctx.app, other.email)
    const firstId = first.user.member?.id ?? ''
    const answers = await Promise.all([
      change(first, other.id, { role: 'agent' }),
      change(second, firstId, { role: 'agent' }),
    ])
    // The loser is refused by the rule, or, when the winner's change came first, as an agent.
    const loser = answers.find((a) => a.statusCode !== 200)
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    expect([
      'L’organisation doit garder au moins un responsable actif.',
      'Seul un responsable de l’organisation peut faire cela.',
    ]).toContain(loser?.json().error.message)
    const roles = await ctx.db.db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(eq(organizationMembers.organization_id, team.id))
    expect(roles.map((r) => r.role).sort()).toEqual(['agent', 'responsable'])
  })

  it('answers 404 for a member of another organisation, and changes nothing there', async () => {
    const other = await createOrganization(ctx.db.db)
    const stranger = await addMember(ctx.db.db, other.id)
    const res = await change(responsable, stranger.id, { status: 'disabled' })
    expect(res.statusCode).toBe(404)
    expect(res.json().error.message).toBe('Ce membre n’appartient pas à votre organisation.')
    await loginOrganization(ctx.app, stranger.email, ORG_PASSWORD)
  })
})

describe('what an agent may not do', () => {
  it('edits neither the organisation’s profile nor its team (403, in French)', async () => {
    const agent = await activeMember()
    const profile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/org/me',
      payload: { phone: '+221 77 111 11 11' },
      headers: bearer(agent.session),
    })
    expect(profile.statusCode).toBe(403)
    expect(profile.json().error.message).toBe('Seul un responsable de l’organisation peut faire cela.')
    expect((await invite(agent.session, person())).statusCode).toBe(403)
  })
})

describe('GET /api/admin/organizations/:id', () => {
  it('gives the administrators the organisation with its members, and 404 for an unknown one', async () => {
    const agent = await addMember(ctx.db.db, organization.id, { name: 'Ibrahima Fall' })
    const admin = await loginAdmin(ctx.app)
    const res = await ctx.app.inject({
      url: `/api/admin/organizations/${organization.id}`,
      headers: bearer(admin),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: organization.id, name: organization.name, categories: ['Voirie'] })
    expect(res.json().members).toContainEqual(
      expect.objectContaining({ id: agent.id, name: 'Ibrahima Fall', role: 'agent', status: 'active' }),
    )
    const unknown = await ctx.app.inject({
      url: '/api/admin/organizations/00000000-0000-4000-8000-000000000000',
      headers: bearer(admin),
    })
    expect(unknown.statusCode).toBe(404)
  })
})
