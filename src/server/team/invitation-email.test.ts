// Issue 29, point 3: with SMTP_URL set, an invitation also goes by e-mail, through a durable
// outbox: written with the invitation, sent once the SMTP server takes it, tried again when it is
// busy, dropped when it refuses for good; at most 5 a day to one person (issue 47, point 6). Against
// a loopback SMTP server (test/smtp-server.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailRetryDelay } from '../../domain/team-rules'
import { emailOutbox } from '../db/schema'
import { createOrganization, ORG_PASSWORD, signInOnTheApp } from '../test/accounts'
import { buildTestApp, type TestContext } from '../test/helper'
import { type MovingClock, movingClock } from '../test/moving-clock'
import { startSmtpServer } from '../test/smtp-server'

let ctx: TestContext
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let clock: MovingClock
let organizationName: string
let organizationEmail: string

beforeAll(async () => {
  smtp = await startSmtpServer()
  clock = movingClock(new Date('2026-11-28T10:00:00Z'))
  ctx = await buildTestApp({
    clock,
    env: {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'ne-pas-repondre@alertes.example.sn',
      PUBLIC_ORIGIN: 'https://alertes.example.sn',
    },
  })
  const organization = await createOrganization(ctx.db.db)
  organizationName = organization.name
  organizationEmail = organization.email
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

let people = 0
async function invite(name = 'Fatou Sow') {
  const email = `fatou.sow${++people}@mairie.sn`
  // The clock moves between the tests: a fresh session each time.
  const { headers } = await signInOnTheApp(ctx.app, organizationEmail)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/org/members',
    payload: { name, email, role: 'agent', currentPassword: ORG_PASSWORD },
    headers,
  })
  expect(res.statusCode).toBe(201)
  return { email, url: res.json().invitation.url as string, id: res.json().member.id as string, headers }
}
const sender = () => {
  if (!ctx.app.email) throw new Error('no e-mail sender with SMTP_URL set')
  return ctx.app.email
}
const waiting = async () => (await ctx.db.db.select().from(emailOutbox)).length

describe('the invitation’s e-mail', () => {
  it('is sent to the person invited, in French, with the link at the site’s public address', async () => {
    const { email, url } = await invite()
    expect(url).toMatch(/^https:\/\/alertes\.example\.sn\/organization\/invitation\/[A-Za-z0-9_-]{43}$/)
    expect(await sender().sendDue()).toBe(1)
    const sent = smtp.received.at(-1)
    expect(sent?.from).toBe('ne-pas-repondre@alertes.example.sn')
    expect(sent?.to).toEqual([email])
    expect(sent?.raw).toContain('Subject: =?UTF-8?')
    expect(sent?.text).toContain(`\n${url}\n`)
    expect(sent?.text).toContain('Bonjour Fatou Sow,')
    expect(sent?.text).toContain(`${organizationName} vous invite à rejoindre son équipe`)
    expect(sent?.text).toContain('expire le 5 décembre 2026')
    // Nothing of it is kept once the server took it: the link was its only copy.
    expect(await waiting()).toBe(0)
  })

  it('is tried again later when the server is busy, and sent once', async () => {
    const before = smtp.received.length
    smtp.refuseNext(451, 'Try again later')
    await invite()
    expect(await sender().sendDue()).toBe(1)
    expect(smtp.received).toHaveLength(before)
    expect(await waiting()).toBe(1)
    // Not due yet: nothing is taken.
    expect(await sender().sendDue()).toBe(0)
    clock.advance(emailRetryDelay(1))
    expect(await sender().sendDue()).toBe(1)
    expect(smtp.received).toHaveLength(before + 1)
    expect(await waiting()).toBe(0)
    clock.advance(emailRetryDelay(5))
    expect(await sender().sendDue()).toBe(0)
    expect(smtp.received).toHaveLength(before + 1)
  })

  it('is dropped when the server refuses it for good; the link still works from the screen', async () => {
    const before = smtp.received.length
    smtp.refuseNext(550, 'No such user here')
    const { url } = await invite()
    expect(await sender().sendDue()).toBe(1)
    expect(await waiting()).toBe(0)
    expect(smtp.received).toHaveLength(before)
    const token = url.split('/').pop()
    expect((await ctx.app.inject({ url: `/api/org/invitations/${token}` })).statusCode).toBe(200)
  })

  it('greets the person by a name without line breaks, bidi or zero-width characters', async () => {
    await invite('Fatou\u202e Sow\r\n\r\nVotre compte sera supprimé\u200b : http://example.com/')
    expect(await sender().sendDue()).toBe(1)
    expect(smtp.received.at(-1)?.text).toContain(
      'Bonjour Fatou Sow Votre compte sera supprimé : http://example.com/,\n',
    )
  })

  it('goes to one person at most 5 times a day: 15 new links asked at once send 4 more, then 429', async () => {
    const before = smtp.received.length
    const { email, id, headers } = await invite()
    const renewals = await Promise.all(
      Array.from({ length: 15 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/org/members/${id}/invitation`,
          payload: { currentPassword: ORG_PASSWORD },
          headers,
        }),
      ),
    )
    expect(renewals.map((res) => res.statusCode).sort()).toEqual([
      ...Array(4).fill(201),
      ...Array(11).fill(429),
    ])
    while ((await sender().sendDue()) > 0) {}
    expect(smtp.received.slice(before).filter((sent) => sent.to.includes(email))).toHaveLength(5)
  })
})
