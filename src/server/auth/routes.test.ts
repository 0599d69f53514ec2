import { parseSetCookie } from 'cookie'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KNOWN_DEVICE_COOKIE_PREFIX, WEB_SESSION_HEADER } from '../../domain/auth-rules'
import {
  bearer,
  createOrganization,
  login,
  loginAdmin,
  loginOrganization,
  ORG_PASSWORD,
  setOrganization,
} from '../test/accounts'
import { buildTestApp, TEST_ADMIN, type TestContext } from '../test/helper'
import { type MovingClock, movingClock, untilOnlyTheClockIsAwaited } from '../test/moving-clock'

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

const me = (token: string) =>
  ctx.app.inject({ url: '/api/org/me', headers: { authorization: `Bearer ${token}` } })
const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } })
const attemptFrom = (email: string, password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { userType: 'organization', email, password },
    headers: { 'x-forwarded-for': ip },
  })

describe('POST /api/auth/login', () => {
  it('opens an admin session by username, whatever its case', async () => {
    const session = await login(ctx.app, {
      userType: 'admin',
      username: 'ADMIN',
      password: TEST_ADMIN.password,
    })
    expect(session).toMatchObject({
      userType: 'admin',
      user: { username: 'admin', role: 'admin' },
      expiresIn: 900,
    })
    expect(session.token.split('.')).toHaveLength(3)
    expect(session.refreshToken).toMatch(/^[\w-]{43}$/)
  })

  it('opens an approved organisation’s session by email, whatever its case', async () => {
    const org = await createOrganization(ctx.db.db, { email: 'Mairie.Plateau@example.sn' })
    const session = await loginOrganization(ctx.app, 'mairie.plateau@EXAMPLE.sn')
    expect(session).toMatchObject({ userType: 'organization', user: { id: org.id, name: org.name } })
    expect((await me(session.token)).statusCode).toBe(200)
  })

  it('refuses wrong credentials with the texts of SPEC.md', async () => {
    const admin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'admin', username: 'admin', password: 'faux' },
    })
    expect(admin.statusCode).toBe(401)
    expect(admin.json().error.message).toBe('Nom d’utilisateur ou mot de passe incorrect')
    const org = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'organization', email: 'personne@example.sn', password: 'faux' },
    })
    expect(org.json().error.message).toBe('Email ou mot de passe incorrect, ou compte non approuvé')
  })

  it.each([
    ['pending', { status: 'pending' as const }],
    ['rejected', { status: 'rejected' as const }],
    ['suspended', { is_active: false }],
  ])('refuses a %s organisation', async (_label, options) => {
    const org = await createOrganization(ctx.db.db, options)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'organization', email: org.email, password: ORG_PASSWORD },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Email ou mot de passe incorrect, ou compte non approuvé')
  })

  it('requires the username and password', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'admin', username: '', password: 'x' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ field: 'username', message: 'Nom d’utilisateur requis' })
  })

  const attempt = (email: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'organization', email, password },
      headers: { 'x-forwarded-for': ip },
    })

  it('never lets failures from other addresses refuse the owner’s right password', async () => {
    const org = await createOrganization(ctx.db.db)
    for (let i = 0; i < 8; i++) {
      expect((await attempt(org.email, 'mauvais', `198.51.100.${i}`)).statusCode).toBe(401)
    }
    expect((await attempt(org.email, ORG_PASSWORD, '198.51.100.9')).statusCode).toBe(200)
  })

  it('refuses an account from an address after 5 failures there, with a French 429, and only there', async () => {
    const org = await createOrganization(ctx.db.db)
    for (let i = 0; i < 5; i++)
      expect((await attempt(org.email, 'mauvais', '198.51.100.20')).statusCode).toBe(401)
    const blocked = await attempt(org.email, ORG_PASSWORD, '198.51.100.20')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.')
    expect((await attempt(org.email, ORG_PASSWORD, '198.51.100.21')).statusCode).toBe(200)
  })

  it('limits failed attempts per address', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`inconnu${i}@example.sn`, 'x', '203.0.113.50')).statusCode).toBe(401)
    }
    expect((await attempt('inconnu99@example.sn', 'x', '203.0.113.50')).statusCode).toBe(429)
  })
})

describe('POST /api/auth/login: one account guessed from many addresses', () => {
  const ATTACK_START = new Date('2026-12-01T09:00:00Z')
  const ACCOUNT_BUSY =
    'Ce compte reçoit de nombreuses tentatives de connexion. Patientez une minute, puis réessayez.'
  let clock: MovingClock
  let timed: TestContext
  beforeAll(async () => {
    clock = movingClock(ATTACK_START)
    timed = await buildTestApp({ clock })
  })
  afterAll(() => timed.close())

  const loginFrom = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    timed.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userType: 'organization', email, password },
      headers: { 'x-forwarded-for': ip, ...headers },
    })

  /** The cookie by which the app's login made its device known to the account, if it did. */
  const knownDeviceCookie = (res: Awaited<ReturnType<typeof loginFrom>>) =>
    [res.headers['set-cookie'] ?? []]
      .flat()
      .map((header) => parseSetCookie(header))
      .find((c) => c.name.startsWith(KNOWN_DEVICE_COOKIE_PREFIX))

  it('checks 100 guesses sent at once from 100 addresses in turn: fewer than 25 in a minute, the others asked to pause in French, while the owner on a known device gets in at once', async () => {
    const org = await createOrganization(timed.db.db)
    // The owner signed in on their phone through the app before the attack.
    const phone = await loginFrom(org.email, ORG_PASSWORD, '203.0.113.7', { [WEB_SESSION_HEADER]: '1' })
    expect(phone.statusCode).toBe(200)
    const phoneCookie = knownDeviceCookie(phone)

    // The attacker sends 100 wrong passwords at once, each from its own address, and sends the
    // refused ones again every 10 seconds, from new addresses.
    const start = clock.now().getTime()
    const minuteLater = start + 60_000
    const pending = new Set<Promise<void>>()
    const refusals = new Set<string>()
    let checkedWithinTheMinute = 0
    let sent = 0
    const guess = () => {
      const n = sent++
      const answer = loginFrom(org.email, `devine-${n}`, `198.18.${Math.floor(n / 250)}.${n % 250}`).then(
        (res) => {
          pending.delete(answer)
          if (res.statusCode === 401 && clock.now().getTime() <= minuteLater) checkedWithinTheMinute++
          if (res.statusCode === 429) refusals.add(res.json().error.message)
        },
      )
      pending.add(answer)
    }
    /** Runs the app, moving the time from turn to turn, up to `until`. */
    const runUntil = async (until: number) => {
      for (;;) {
        await untilOnlyTheClockIsAwaited(clock, () => pending.size)
        const due = clock.nextDue()
        if (due === undefined || due > until) break
        clock.moveTo(due)
      }
      clock.moveTo(until)
    }

    let ownerOnPhone: number | undefined
    let ownerOnNewDevice: { statusCode: number; message?: string } | undefined
    for (let round = start; round < minuteLater; round += 10_000) {
      const answered = checkedWithinTheMinute + pending.size
      for (let i = answered; i < 100; i++) guess()
      await untilOnlyTheClockIsAwaited(clock, () => pending.size)
      if (round === start) {
        // Meanwhile the owner, on the known phone (at another address now), signs in with the
        // clock standing still; then from a device new to the account.
        void loginFrom(org.email, ORG_PASSWORD, '203.0.113.99', {
          cookie: phoneCookie ? `${phoneCookie.name}=${phoneCookie.value}` : '',
        }).then((res) => {
          ownerOnPhone = res.statusCode
        })
        await untilOnlyTheClockIsAwaited(clock, () => pending.size + (ownerOnPhone === undefined ? 1 : 0))
        const res = await loginFrom(org.email, ORG_PASSWORD, '203.0.113.100')
        ownerOnNewDevice = { statusCode: res.statusCode, message: res.json().error?.message }
      }
      await runUntil(round + 10_000)
    }
    expect(checkedWithinTheMinute).toBeGreaterThan(0)
    expect(checkedWithinTheMinute).toBeLessThan(25)
    expect([...refusals]).toEqual([ACCOUNT_BUSY])
    // The guesses held for their turn are answered in turn after the minute.
    await runUntil(minuteLater + 60_000)
    expect(pending.size).toBe(0)

    // The owner's phone: known to the account by an HttpOnly cookie, it never waited for a turn.
    expect(phoneCookie).toMatchObject({ httpOnly: true, sameSite: 'strict', path: '/api' })
    expect(ownerOnPhone).toBe(200)
    // A device new to the account is asked for a pause.
    expect(ownerOnNewDevice).toEqual({ statusCode: 429, message: ACCOUNT_BUSY })
  })

  it('makes each attempt on an account wait for its turn once it had 5, from anywhere, longer each time', async () => {
    const org = await createOrganization(timed.db.db)
    for (let i = 0; i < 6; i++) {
      expect((await loginFrom(org.email, 'mauvais', `198.51.100.${40 + i}`)).statusCode).toBe(401)
    }
    // The 7th waits 250 ms of the clock for its turn, the 8th 500 ms more.
    for (const [attempt, turnMs] of [
      [7, 250],
      [8, 500],
    ] as const) {
      let status: number | undefined
      void loginFrom(org.email, 'mauvais', `198.51.100.${40 + attempt}`).then((res) => {
        status = res.statusCode
      })
      const asked = clock.now().getTime()
      await untilOnlyTheClockIsAwaited(clock, () => (status === undefined ? 1 : 0))
      expect(status).toBeUndefined()
      clock.moveTo(asked + turnMs - 1)
      await untilOnlyTheClockIsAwaited(clock, () => (status === undefined ? 1 : 0))
      expect(status).toBeUndefined()
      clock.moveTo(asked + turnMs)
      await untilOnlyTheClockIsAwaited(clock, () => (status === undefined ? 1 : 0))
      expect(status).toBe(401)
    }
  })
})

describe('access tokens', () => {
  it('refuses alg none, another key, a wrong audience and an expired token', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    const [, payload] = session.token.split('.')
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    expect((await me(none)).statusCode).toBe(401)

    const claims = { typ: 'organization' }
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(org.id)
      .setIssuer('alertes-urbaines')
      .setAudience('alertes-urbaines-api')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-key-another-key-another-key!'))
    expect((await me(forged)).statusCode).toBe(401)

    const secret = new TextEncoder().encode(ctx.config.jwtSecret)
    const wrongAudience = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(org.id)
      .setIssuer('alertes-urbaines')
      .setAudience('someone-else')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret)
    expect((await me(wrongAudience)).statusCode).toBe(401)

    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(org.id)
      .setIssuer('alertes-urbaines')
      .setAudience('alertes-urbaines-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret)
    expect((await me(expired)).statusCode).toBe(401)
    expect((await me(session.token)).statusCode).toBe(200)
  })

  it('stop working at once when the organisation is suspended or rejected', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    await setOrganization(ctx.db.db, org.id, { is_active: false })
    expect((await me(session.token)).statusCode).toBe(401)
    expect((await refresh(session.refreshToken)).statusCode).toBe(401)
    await setOrganization(ctx.db.db, org.id, { is_active: true, status: 'rejected' })
    expect((await me(session.token)).statusCode).toBe(401)
  })

  it('give an admin no access to the organisation space', async () => {
    const admin = await loginAdmin(ctx.app)
    expect((await ctx.app.inject({ url: '/api/org/me', headers: bearer(admin) })).statusCode).toBe(403)
  })
})

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token on every use', async () => {
    const org = await createOrganization(ctx.db.db)
    const first = await loginOrganization(ctx.app, org.email)
    const res = await refresh(first.refreshToken)
    expect(res.statusCode).toBe(200)
    const second = res.json()
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect((await me(second.token)).statusCode).toBe(200)
    expect((await refresh(second.refreshToken)).statusCode).toBe(200)
  })

  it('revokes the whole family when a refresh token is used twice', async () => {
    const org = await createOrganization(ctx.db.db)
    const first = await loginOrganization(ctx.app, org.email)
    const second = (await refresh(first.refreshToken)).json()
    const replay = await refresh(first.refreshToken)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error.message).toBe('Votre session a expiré. Veuillez vous reconnecter.')
    // The legitimate holder's newer token is revoked too, and the session's access tokens with it.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401)
    expect((await me(second.token)).statusCode).toBe(401)
    // Another session of the same organisation is untouched.
    const other = await loginOrganization(ctx.app, org.email)
    expect((await refresh(other.refreshToken)).statusCode).toBe(200)
  })

  it('refuses an unknown token', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401)
  })

  it('never renews a session past its absolute end, however often it is rotated', async () => {
    let now = new Date('2026-06-01T08:00:00Z')
    const timed = await buildTestApp({ clock: { now: () => now } })
    try {
      const org = await createOrganization(timed.db.db)
      let session = await loginOrganization(timed.app, org.email)
      const renew = (token: string) =>
        timed.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: token } })
      for (const day of [10, 20, 29]) {
        now = new Date(Date.UTC(2026, 5, 1 + day, 8))
        const res = await renew(session.refreshToken)
        expect(res.statusCode).toBe(200)
        session = res.json()
      }
      now = new Date(Date.UTC(2026, 6, 1, 8, 0, 1))
      expect((await renew(session.refreshToken)).statusCode).toBe(401)
    } finally {
      await timed.close()
    }
  })
})

describe('POST /api/auth/logout', () => {
  it('revokes the session', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    })
    expect(res.statusCode).toBe(204)
    expect((await refresh(session.refreshToken)).statusCode).toBe(401)
  })

  it('ends the access token of the session at once, not 15 minutes later, and no other session', async () => {
    const org = await createOrganization(ctx.db.db)
    const stolen = await loginOrganization(ctx.app, org.email)
    const other = await loginOrganization(ctx.app, org.email)
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: stolen.refreshToken },
    })
    expect(logout.statusCode).toBe(204)
    expect((await me(stolen.token)).statusCode).toBe(401)
    expect((await me(other.token)).statusCode).toBe(200)
  })

  it('ends the session of the access token presented, when no refresh token comes with it', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session),
      payload: {},
    })
    expect(logout.statusCode).toBe(204)
    expect((await me(session.token)).statusCode).toBe(401)
    expect((await refresh(session.refreshToken)).statusCode).toBe(401)
  })
})

describe('POST /api/auth/password', () => {
  const change = (token: string, currentPassword: string, newPassword: string, from = '192.0.2.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword, newPassword },
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from },
    })

  it('counts wrong current passwords like failed logins: after 5 from an address, even the right one is refused there', async () => {
    const org = await createOrganization(ctx.db.db)
    const stolen = await loginOrganization(ctx.app, org.email)
    for (let i = 0; i < 5; i++) {
      const guess = await change(stolen.token, `devine-${i}`, 'pris-par-le-voleur', '198.51.100.60')
      expect(guess.json().error.message).toBe('Le mot de passe actuel est incorrect.')
    }
    const right = await change(stolen.token, ORG_PASSWORD, 'pris-par-le-voleur', '198.51.100.60')
    expect(right.statusCode).toBe(429)
    expect(right.json().error.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.')
    // The same budget as the login form's, from that address.
    expect((await attemptFrom(org.email, ORG_PASSWORD, '198.51.100.60')).statusCode).toBe(429)
    // The owner, elsewhere, still signs in with the password they know: nothing changed.
    expect((await attemptFrom(org.email, ORG_PASSWORD, '198.51.100.61')).statusCode).toBe(200)
  })

  it('requires the current password and changes nothing when it is wrong', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    const res = await change(session.token, 'pas-le-bon', 'nouveau123')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Le mot de passe actuel est incorrect.')
    await loginOrganization(ctx.app, org.email, ORG_PASSWORD)
  })

  it('refuses a new password under 6 characters', async () => {
    const org = await createOrganization(ctx.db.db)
    const session = await loginOrganization(ctx.app, org.email)
    const res = await change(session.token, ORG_PASSWORD, 'abc')
    expect(res.json().error.message).toBe('Le mot de passe doit faire au moins 6 caractères')
  })

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const org = await createOrganization(ctx.db.db)
    const other = await loginOrganization(ctx.app, org.email)
    const current = await loginOrganization(ctx.app, org.email)
    // No wait: a session opened in the same second as the change ends too.
    const res = await change(current.token, ORG_PASSWORD, 'nouveau-mot-2')
    expect(res.statusCode).toBe(200)
    const renewed = res.json()
    expect((await me(renewed.token)).statusCode).toBe(200)
    expect((await me(other.token)).statusCode).toBe(401)
    expect((await refresh(other.refreshToken)).statusCode).toBe(401)
    await loginOrganization(ctx.app, org.email, 'nouveau-mot-2')
  })

  it('ends a session opened in the very same second as the change', async () => {
    // Every moment of this app is one and the same second.
    const frozen = await buildTestApp({ clock: { now: () => new Date('2026-11-25T09:00:00.500Z') } })
    try {
      const org = await createOrganization(frozen.db.db)
      const other = await loginOrganization(frozen.app, org.email)
      const current = await loginOrganization(frozen.app, org.email)
      const changed = await frozen.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { currentPassword: ORG_PASSWORD, newPassword: 'nouveau-mot-3' },
        headers: bearer(current),
      })
      expect(changed.statusCode).toBe(200)
      const meOn = (token: string) => frozen.app.inject({ url: '/api/org/me', headers: bearer({ token }) })
      expect((await meOn(other.token)).statusCode).toBe(401)
      expect((await meOn(current.token)).statusCode).toBe(401)
      expect((await meOn(changed.json().token)).statusCode).toBe(200)
    } finally {
      await frozen.close()
    }
  })
})
