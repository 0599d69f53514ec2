import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTestApp, type TestContext } from '../test/helper'
import { subscribeToEvents } from '../test/live-events'

// Two server instances on one database: what happens on one reaches the clients of the other.
let first: Awaited<ReturnType<typeof buildTestApp>>
let second: TestContext
let secondUrl: string

beforeAll(async () => {
  first = await buildTestApp()
  second = await buildTestApp({ sameDatabaseAs: { testDb: first.testDb, config: first.config } })
  await second.app.listen({ port: 0, host: '127.0.0.1' })
  secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await second.close()
  await first.close()
})

/** Listens to /api/events on the second instance and collects what arrives. */
const subscribe = (query: string) => subscribeToEvents(secondUrl, query)

describe('GET /api/events', () => {
  it('brings a report filed on one instance to an organisation listening on another', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    const stream = await subscribe(`?token=${session.token}`)
    const voirie = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: voirie.category_id })
    await stream.waitFor((e) => e.type === 'reports.changed' && e.reportId === filed.id)
    stream.close()
  })

  it('does not tell an organisation about reports outside its categories', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Propreté'] })
    const stream = await subscribe(`?token=${(await loginOrganization(first.app, org.email)).token}`)
    const admin = await subscribe(`?token=${(await loginAdmin(first.app)).token}`)
    const road = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: road.category_id })
    await admin.waitFor((e) => e.reportId === filed.id)
    expect(stream.events.filter((e) => e.reportId === filed.id)).toEqual([])
    stream.close()
    admin.close()
  })

  it('brings a message to the citizen device it concerns', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const session = await loginOrganization(first.app, org.email)
    const road = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: road.category_id })
    const device = await subscribe(`?citizenToken=${filed.citizenToken}`)
    const headers = { authorization: `Bearer ${session.token}` }
    await first.app.inject({ method: 'POST', url: `/api/org/reports/${filed.id}/claim`, headers })
    await first.app.inject({
      method: 'POST',
      url: `/api/org/reports/${filed.id}/notifications`,
      headers,
      payload: { title: 'Bonjour', message: 'Nous arrivons.' },
    })
    await device.waitFor((e) => e.type === 'notifications.created' && e.reportId === filed.id)
    expect(device.events.every((e) => e.organizationId === undefined)).toBe(true)
    device.close()
  })

  it('ends an organisation’s stream as soon as an administrator suspends it', async () => {
    const org = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const stream = await subscribe(`?token=${(await loginOrganization(first.app, org.email)).token}`)
    const other = await createOrganization(first.db.db, { categories: ['Voirie'] })
    const otherStream = await subscribe(`?token=${(await loginOrganization(first.app, other.email)).token}`)
    const admin = await loginAdmin(first.app)
    const res = await first.app.inject({
      method: 'PATCH',
      url: `/api/admin/organizations/${org.id}`,
      payload: { is_active: false },
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(await stream.endedByServer()).toBe(true)
    // Nothing changes for an organisation still allowed.
    const road = await insertReport(first.db.db)
    const filed = await fileReportAs(first.app, { categoryId: road.category_id })
    await otherStream.waitFor((e) => e.reportId === filed.id)
    otherStream.close()
  })

  it('refuses a bad token or device token with 401', async () => {
    expect((await fetch(`${secondUrl}/api/events?token=abc`)).status).toBe(401)
    expect((await fetch(`${secondUrl}/api/events?citizenToken=${'C'.repeat(43)}`)).status).toBe(401)
  })
})
