// An organisation's team (issue 29, points 1–4): invitations by a one-time link, each member's
// own login, and what a responsable may change; and (issue 47, points 1, 5, 6) what a stolen
// session cannot do to it, invitations withdrawn, limited and telling nothing of other
// organisations. The refusals of every caller are in the permission matrix (permissions.test.ts).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../domain/auth'
import { INVITATION_TTL_MS, INVITATIONS_PER_ORGANIZATION_PER_DAY } from '../../domain/team'
import { organizationMembers } from '../db/schema'
import {
  addMember,
  bearer,
  createOrganization,
  loginAdmin,
  loginOrganization,
  ORG_PASSWORD,
  signInOnTheApp,
  webLogin,
} from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'
import { type MovingClock, movingClock } from '../test/moving-clock'

let ctx: TestContext
let clock: MovingClock
let organization: Awaited<ReturnType<typeof createOrganization>>
let responsable: SignedIn

/** A member signed in through the app (signInOnTheApp), their password, each request from `address`. */
interface SignedIn {
  session: Session
  headers: Record<string, string>
  password: string
}
async function signIn(email: string, password = ORG_PASSWORD, address = '127.0.0.1'): Promise<SignedIn> {
  const { session, headers } = await signInOnTheApp(ctx.app, email, password)
  return { session, password, headers: { ...headers, 'x-forwarded-for': address } }
}

beforeAll(async () => {
  clock = movingClock(new Date('2026-11-28T10:00:00Z'))
  ctx = await buildTestApp({ clock })
  organization = await createOrganization(ctx.db.db, { categories: ['Voirie'] })
  responsable = await signIn(organization.email)
})
afterAll(() => ctx.close())

let people = 0
const person = () => ({ name: 'Awa Ndiaye', email: `awa.ndiaye${++people}@mairie.sn`, role: 'agent' })

const PASSWORD_REQUIRED = 'Saisissez votre mot de passe pour confirmer ce changement de l’équipe.'
const WRONG_PASSWORD = 'Le mot de passe actuel est incorrect.'

// Each sends the caller's password unless the payload says otherwise (`currentPassword: undefined`
// sends none).
const invite = (by: SignedIn, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/org/members',
    payload: { currentPassword: by.password, ...payload },
    headers: by.headers,
  })
const reinvite = (by: SignedIn, id: string, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/org/members/${id}/invitation`,
    payload: { currentPassword: by.password, ...payload },
    headers: by.headers,
  })
const change = (by: SignedIn, id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/org/members/${id}`,
    payload: { currentPassword: by.password, ...payload },
    headers: by.headers,
  })
const members = async (by: SignedIn) =>
  (await ctx.app.inject({ url: '/api/org/members', headers: by.headers })).json().items as {
    id: string
    name: string
    email: string
    status: string
    role: string
  }[]
const readInvitation = (token: string) => ctx.app.inject({ url: `/api/org/invitations/${token}` })
const accept = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/org/invitations/${token}`, payload: { password } })
const tokenOf = (url: string) => url.split('/').pop() ?? ''

async function activeMember(role: 'agent' | 'responsable' = 'agent') {
  const invited = await invite(responsable, { ...person(), role })
  await accept(tokenOf(invited.json().invitation.url), 'motdepasse-agent')
  const member = invited.json().member as { id: string; email: string }
  return { ...member, session: await signIn(member.email, 'motdepasse-agent') }
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
    responsable = await signIn(organization.email)
    expect((await readInvitation(first)).statusCode).toBe(410)
    expect((await accept(first, 'motdepasse')).statusCode).toBe(410)

    const renewed = await reinvite(responsable, invited.member.id)
    expect(renewed.statusCode).toBe(201)
    const second = tokenOf(renewed.json().invitation.url)
    expect(second).not.toBe(first)
    expect((await readInvitation(first)).statusCode).toBe(404)
    expect((await accept(second, 'motdepasse')).statusCode).toBe(200)
    // An active member needs no invitation any more.
    const none = await reinvite(responsable, invited.member.id)
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

  it('refuses an address already in the organisation’s own team, whatever its case or status', async () => {
    const agent = await addMember(ctx.db.db, organization.id)
    const disabled = await addMember(ctx.db.db, organization.id, { status: 'disabled' })
    const pending = (await invite(responsable, person())).json().member as { email: string }
    for (const email of [agent.email.toUpperCase(), disabled.email, pending.email, organization.email]) {
      const res = await invite(responsable, { ...person(), email })
      expect(res.statusCode, email).toBe(409)
      expect(res.json().error).toMatchObject({
        field: 'email',
        message: 'Cette adresse est déjà celle d’un membre de votre équipe.',
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

    expect((await ctx.app.inject({ url: '/api/org/me', headers: agent.session.headers })).statusCode).toBe(
      200,
    )
    expect((await change(responsable, agent.id, { status: 'disabled' })).json().status).toBe('disabled')
    expect((await ctx.app.inject({ url: '/api/org/me', headers: agent.session.headers })).statusCode).toBe(
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
    const first = await signIn(team.email)
    const other = await addMember(ctx.db.db, team.id, { role: 'responsable' })
    const second = await signIn(other.email)
    const firstId = first.session.user.member?.id ?? ''
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
      headers: agent.session.headers,
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

describe('the responsable’s password, asked again before what could hand the team over (issue 47)', () => {
  const attacker = { name: 'Assistance', email: 'assistance@attaquant.example', role: 'responsable' }

  it('invites nobody and gives no new link without it or with a wrong one, in French; with it, does', async () => {
    const team = await createOrganization(ctx.db.db)
    const by = await signIn(team.email, ORG_PASSWORD, '198.51.100.1')
    const colleague = (await invite(by, person())).json()
    const link = tokenOf(colleague.invitation.url)
    for (const [currentPassword, message] of [
      [undefined, PASSWORD_REQUIRED],
      ['', PASSWORD_REQUIRED],
      ['pas-le-bon', WRONG_PASSWORD],
    ]) {
      const invited = await invite(by, { ...attacker, currentPassword })
      expect(invited.statusCode).toBe(400)
      expect(invited.json().error).toMatchObject({ field: 'currentPassword', message })
      expect(invited.body).not.toContain('/organization/invitation/')
      const renewed = await reinvite(by, colleague.member.id, { currentPassword })
      expect(renewed.statusCode).toBe(400)
      expect(renewed.json().error).toMatchObject({ field: 'currentPassword', message })
      expect(renewed.body).not.toContain('/organization/invitation/')
    }
    // An old screen's request, without a body at all.
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `/api/org/members/${colleague.member.id}/invitation`,
      headers: by.headers,
    })
    expect(bare.statusCode).toBe(400)
    expect(bare.json().error).toMatchObject({ field: 'currentPassword', message: PASSWORD_REQUIRED })
    // Nothing changed: nobody new, and the colleague's own link still works.
    expect((await members(by)).map((m) => m.email)).not.toContain(attacker.email)
    expect((await readInvitation(link)).statusCode).toBe(200)

    expect((await invite(by, attacker)).statusCode).toBe(201)
    expect((await reinvite(by, colleague.member.id)).statusCode).toBe(201)
    expect((await readInvitation(link)).statusCode).toBe(404)
  })

  it('neither disables nor demotes an active responsable, makes anyone responsable nor enables anyone again without it', async () => {
    const team = await createOrganization(ctx.db.db)
    const by = await signIn(team.email, ORG_PASSWORD, '198.51.100.2')
    const colleague = await addMember(ctx.db.db, team.id, { role: 'responsable' })
    const agent = await addMember(ctx.db.db, team.id)
    const disabled = await addMember(ctx.db.db, team.id, { status: 'disabled' })
    const refused = [
      [colleague.id, { status: 'disabled' }],
      [colleague.id, { role: 'agent' }],
      [agent.id, { role: 'responsable' }],
      [disabled.id, { status: 'active' }],
    ] as const
    // Four wrong passwords from this address: one fewer than the limit of failed logins.
    for (const [id, payload] of refused) {
      for (const [currentPassword, message] of [
        [undefined, PASSWORD_REQUIRED],
        ['pas-le-bon', WRONG_PASSWORD],
      ]) {
        const res = await change(by, id, { ...payload, currentPassword })
        expect(res.statusCode, JSON.stringify(payload)).toBe(400)
        expect(res.json().error).toMatchObject({ field: 'currentPassword', message })
      }
    }
    const team1 = await members(by)
    expect(team1.find((m) => m.id === colleague.id)).toMatchObject({ role: 'responsable', status: 'active' })
    expect(team1.find((m) => m.id === agent.id)).toMatchObject({ role: 'agent' })
    expect(team1.find((m) => m.id === disabled.id)).toMatchObject({ status: 'disabled' })
    await loginOrganization(ctx.app, colleague.email)

    // What only takes an agent's access, or renames, needs no password.
    const renamed = await change(by, agent.id, { name: 'Moussa Diop', currentPassword: undefined })
    expect(renamed.statusCode).toBe(200)
    const off = await change(by, agent.id, { status: 'disabled', currentPassword: undefined })
    expect(off.json()).toMatchObject({ status: 'disabled' })
    // With it, the responsable does what they asked.
    for (const [id, payload] of refused) {
      expect((await change(by, id, payload)).statusCode, JSON.stringify(payload)).toBe(200)
    }
  })

  it('counts wrong ones like failed logins of the account: after 5 from one address, 429 even for the right one', async () => {
    const team = await createOrganization(ctx.db.db)
    const by = await signIn(team.email, ORG_PASSWORD, '198.51.100.3')
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await invite(by, { ...attacker, currentPassword: `devine-${attempt}` })).statusCode).toBe(400)
    }
    const right = await invite(by, attacker)
    expect(right.statusCode).toBe(429)
    expect(right.json().error.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.')
    // The same limit as the login's, from that address.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'organization', email: team.email, password: ORG_PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.3' },
    })
    expect(login.statusCode).toBe(429)
    expect((await members(by)).map((m) => m.email)).toEqual([team.email])
  })
})

describe('an invitation withdrawn (issue 47, point 5)', () => {
  it('is what disabling an invited member does: 200, its link answers 404, it leaves the team, its address is free', async () => {
    const awa = person()
    const invited = (await invite(responsable, awa)).json()
    const token = tokenOf(invited.invitation.url)
    const withdrawn = await change(responsable, invited.member.id, { status: 'disabled' })
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.json()).toMatchObject({ id: invited.member.id, status: 'disabled' })

    expect((await readInvitation(token)).statusCode).toBe(404)
    const late = await accept(token, 'mot-de-passe-choisi')
    expect(late.statusCode).toBe(404)
    await expect(loginOrganization(ctx.app, awa.email, 'mot-de-passe-choisi')).rejects.toThrow(
      'Email ou mot de passe incorrect, ou compte non approuvé',
    )
    expect((await members(responsable)).map((m) => m.id)).not.toContain(invited.member.id)
    expect((await change(responsable, invited.member.id, { status: 'disabled' })).statusCode).toBe(404)

    // Its address may be invited again, here or by another organisation.
    const again = await invite(responsable, awa)
    expect(again.statusCode).toBe(201)
    const other = await createOrganization(ctx.db.db)
    expect((await invite(await signIn(other.email), awa)).statusCode).toBe(201)
    expect((await accept(tokenOf(again.json().invitation.url), 'mot-de-passe-choisi')).statusCode).toBe(200)
    await loginOrganization(ctx.app, awa.email, 'mot-de-passe-choisi')
  })
})

describe('invitations, limited and telling nothing of other organisations (issue 47, point 6)', () => {
  it('gives one person at most 5 links a day, even asked at once or withdrawn in between (429 in French)', async () => {
    const team = await createOrganization(ctx.db.db)
    const by = await signIn(team.email)
    const awa = person()
    const first = (await invite(by, awa)).json()
    const renewals = await Promise.all(Array.from({ length: 15 }, () => reinvite(by, first.member.id)))
    expect(renewals.filter((res) => res.statusCode === 201)).toHaveLength(4)
    const refused = renewals.filter((res) => res.statusCode === 429)
    expect(refused).toHaveLength(11)
    for (const res of refused) {
      expect(res.json().error.message).toBe(
        'Cette personne a déjà reçu 5 invitations en 24 heures\u202f: réessayez demain.',
      )
    }
    // The last link given is the one that works.
    const given = renewals.filter((res) => res.statusCode === 201).map((res) => res.json().invitation.url)
    const working = await Promise.all(given.map((url) => readInvitation(tokenOf(url))))
    expect(working.filter((res) => res.statusCode === 200)).toHaveLength(1)

    // Withdrawn and invited again, it is still the same person.
    await change(by, first.member.id, { status: 'disabled' })
    const again = await invite(by, awa)
    expect(again.statusCode).toBe(429)
    expect((await members(by)).map((m) => m.email)).not.toContain(awa.email)

    clock.advance(24 * 60 * 60 * 1000)
    // A day on: new sessions, and a new budget.
    responsable = await signIn(organization.email)
    expect((await invite(await signIn(team.email), awa)).statusCode).toBe(201)
  })

  it(`lets one organisation send at most ${INVITATIONS_PER_ORGANIZATION_PER_DAY} invitations a day (429 in French)`, async () => {
    const team = await createOrganization(ctx.db.db)
    const by = await signIn(team.email)
    for (let n = 0; n < INVITATIONS_PER_ORGANIZATION_PER_DAY; n++) {
      expect((await invite(by, person())).statusCode).toBe(201)
    }
    const over = await invite(by, person())
    expect(over.statusCode).toBe(429)
    expect(over.json().error.message).toBe(
      `Votre organisation a déjà envoyé ${INVITATIONS_PER_ORGANIZATION_PER_DAY} invitations en 24 heures, le maximum\u202f: réessayez demain.`,
    )
    expect(await members(by)).toHaveLength(INVITATIONS_PER_ORGANIZATION_PER_DAY + 1)
    // Another organisation's budget is its own.
    const other = await createOrganization(ctx.db.db)
    expect((await invite(await signIn(other.email), person())).statusCode).toBe(201)
  })

  it('answers an address registered elsewhere as any other: only its acceptance is refused, clearly', async () => {
    const elsewhere = await createOrganization(ctx.db.db)
    const theirAgent = await addMember(ctx.db.db, elsewhere.id)
    const elsewhereBy = await signIn(elsewhere.email)
    const theirPending = person().email
    const theirInvitation = await invite(elsewhereBy, { ...person(), email: theirPending })
    expect(theirInvitation.statusCode).toBe(201)
    const team = await createOrganization(ctx.db.db)
    const by = await signIn(team.email)

    /** What the answer says, without what differs for every invitation anyway. */
    const shape = (res: Awaited<ReturnType<typeof invite>>) => {
      const { member, invitation } = res.json()
      return {
        status: res.statusCode,
        headers: Object.keys(res.headers).sort(),
        member: { ...member, id: typeof member.id, email: typeof member.email },
        invitation: { ...invitation, url: tokenOf(invitation.url).length },
      }
    }
    const nobody = await invite(by, person())
    const answers = {
      theirContact: await invite(by, { ...person(), email: elsewhere.email.toUpperCase() }),
      theirAgent: await invite(by, { ...person(), email: theirAgent.email }),
      theirInvitation: await invite(by, { ...person(), email: theirPending }),
    }
    for (const [who, res] of Object.entries(answers)) expect(shape(res), who).toEqual(shape(nobody))

    // Accepting it would give one address two logins, or another organisation's contact: refused.
    const TAKEN =
      'Cette adresse email est déjà celle d’un autre compte. Demandez à votre responsable de vous inviter avec une autre adresse.'
    for (const res of [answers.theirContact, answers.theirAgent]) {
      const token = tokenOf(res.json().invitation.url)
      const accepted = await accept(token, 'mot-de-passe-choisi')
      expect(accepted.statusCode).toBe(409)
      expect(accepted.json().error.message).toBe(TAKEN)
      expect((await readInvitation(token)).statusCode).toBe(200)
    }
    await loginOrganization(ctx.app, elsewhere.email)
    await loginOrganization(ctx.app, theirAgent.email)

    // Of two organisations' invitations of one address, the first accepted wins.
    const ours = await accept(tokenOf(answers.theirInvitation.json().invitation.url), 'mot-de-passe-choisi')
    expect(ours.statusCode).toBe(200)
    const theirs = await accept(tokenOf(theirInvitation.json().invitation.url), 'autre-mot-de-passe')
    expect(theirs.statusCode).toBe(409)
    expect(theirs.json().error.message).toBe(TAKEN)
    await loginOrganization(ctx.app, theirPending, 'mot-de-passe-choisi')
  })

  it('never lets an invitation keep another organisation from signing up with its address', async () => {
    const invited = person()
    const pending = await invite(responsable, invited)
    expect(pending.statusCode).toBe(201)
    const categories = (await ctx.app.inject('/api/categories')).json() as { id: number }[]
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizations/signup',
      headers: { 'x-forwarded-for': '198.51.100.9' },
      payload: {
        name: `Mairie de Ngor ${people}`,
        type: 'mairie',
        email: invited.email,
        phone: '+221 33 820 00 00',
        address: 'Route de Ngor',
        city: 'Dakar',
        categoryIds: [categories[0]?.id],
        password: 'ngor-2026',
      },
    })
    expect(signup.statusCode).toBe(201)
    // The invitation can no longer be accepted: the address is that organisation's now.
    const accepted = await accept(tokenOf(pending.json().invitation.url), 'mot-de-passe-choisi')
    expect(accepted.statusCode).toBe(409)
  })

  it('keeps member names without line breaks, bidi or zero-width characters, as organisation names', async () => {
    const res = await invite(responsable, {
      ...person(),
      name: '\u202eAwa\u200b  Ndiaye\r\nVotre compte expire : http://example.com/\u2066',
    })
    expect(res.statusCode).toBe(201)
    const clean = 'Awa Ndiaye Votre compte expire : http://example.com/'
    expect(res.json().member.name).toBe(clean)
    expect((await readInvitation(tokenOf(res.json().invitation.url))).json().name).toBe(clean)
    const renamed = await change(responsable, res.json().member.id, { name: 'Awa\nNdiaye\u200d Diop' })
    expect(renamed.json().name).toBe('Awa Ndiaye Diop')
    expect((await members(responsable)).find((m) => m.id === res.json().member.id)?.name).toBe(
      'Awa Ndiaye Diop',
    )
    const invisible = await invite(responsable, { ...person(), name: '\u200b\u202e\r\n' })
    expect(invisible.statusCode).toBe(400)
    expect(invisible.json().error.message).toBe('Le nom est requis')
  })
})
