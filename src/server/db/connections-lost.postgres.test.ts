// What a PostgreSQL restart does to the app, without restarting the shared server: PostgreSQL
// ends every connection of the app's database as a restart ends them (57P01, administrator
// shutdown), the pools' idle ones and both instances' LISTEN connections included. The process
// must go on (an 'error' event nobody listens to would end it, and vitest would report it), the
// live events must flow again across instances, and the cached reads must be forgotten since
// notifications of the gap never arrive. (The restart itself: database-restart.process.test.ts.)
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileReportAs } from '../test/citizen'
import { insertReport } from '../test/factories'
import { buildTwoInstances, type TestContext, type TwoInstances } from '../test/helper'
import { subscribeToEvents } from '../test/live-events'
import { sleep } from '../test/server-process'
import { isDatabaseUnavailable } from './unavailable'

let instances: TwoInstances
let first: TwoInstances['first']
let second: TestContext
let secondUrl: string

beforeAll(async () => {
  instances = await buildTwoInstances({ listen: true })
  ;({ first, second, secondUrl } = instances)
})
afterAll(() => instances.close())

/** Ends every other connection to the test database, from a connection of its own. */
async function terminateAppConnections(): Promise<number> {
  const client = new pg.Client({ connectionString: first.testDb.url })
  await client.connect()
  try {
    const { rows } = await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
    return rows.length
  } finally {
    await client.end()
  }
}

const reportCount = async (app: TestContext['app']) =>
  (await app.inject('/api/reports/count')).json<{ count: number }>().count

describe('PostgreSQL ending every connection of the app', () => {
  it('leaves both instances serving, live events flowing between them and no stale cached read', async () => {
    const stream = await subscribeToEvents(secondUrl)
    const before = await fileReportAs(first.app)
    await stream.waitFor((e) => e.reportId === before.id)

    // A report whose notification never comes (as one sent while the bus was not listening):
    // the second instance's cached count does not see it yet.
    const counted = await reportCount(second.app)
    await insertReport(first.db.db)
    expect(await reportCount(second.app)).toBe(counted)

    const relistened = Promise.race([
      Promise.all(
        [first, second].map(
          (instance) => new Promise<void>((resolve) => instance.app.events.onRelisten(resolve)),
        ),
      ),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('the instances did not listen again within 10 s')), 10_000),
      ),
    ])
    // A transaction open across the restart (a filing between two statements): its connection,
    // checked out of the pool, is lost too. It fails as an outage (503), and the process goes on.
    let terminated = () => {}
    const restarted = new Promise<void>((resolve) => {
      terminated = resolve
    })
    const transaction = first.db.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      await restarted
      await tx.execute(sql`select 1`)
    })
    const failed = transaction.then(
      () => null,
      (error: unknown) => error,
    )
    await sleep(100)
    // Both LISTEN connections, the transaction's and the pools' idle connections.
    expect(await terminateAppConnections()).toBeGreaterThanOrEqual(3)
    await sleep(100)
    terminated()
    expect(isDatabaseUnavailable(await failed)).toBe(true)
    await relistened

    expect((await first.app.inject('/api/health')).statusCode).toBe(200)
    expect((await second.app.inject('/api/health')).statusCode).toBe(200)
    expect(await reportCount(second.app)).toBe(counted + 1)
    const after = await fileReportAs(first.app)
    await stream.waitFor((e) => e.reportId === after.id)
    stream.close()
  })
})
