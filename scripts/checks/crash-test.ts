// `npm run crash-test`: many clients file reports while the server is killed with SIGKILL at
// random moments and started again; at the end every report the server acknowledged (201) must
// be there, with its photo when it had one. Some kills land while the server is still starting
// (recovering from the previous kill), the moment a database is most fragile.
// Runs on PGlite and, when a PostgreSQL server answers, on PostgreSQL.
// Exits with 1 when a report was lost or a restart failed.
import { randomBytes, randomInt } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import {
  createScratchDatabase,
  freePort,
  killed,
  nextForwardedAddress,
  sleep,
  startServer,
  waitForHealth,
} from '../../src/server/test/server-process'

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    kills: { type: 'string', default: '10' },
    clients: { type: 'string', default: '16' },
    // One kill in this many hits the server while it starts, before it answers.
    'startup-kill-every': { type: 'string', default: '3' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
const KILLS = Number(args.kills)
const CLIENTS = Number(args.clients)
const STARTUP_KILL_EVERY = Number(args['startup-kill-every'])

interface Target {
  name: string
  env: Record<string, string>
  cleanup(): Promise<void>
}

interface Acknowledged {
  code: string
  id: string
  citizenToken: string
  withPhoto: boolean
}

async function fileReport(base: string, photo: Buffer, withPhoto: boolean): Promise<Acknowledged | null> {
  const form = new FormData()
  form.set('categoryId', '1')
  form.set('description', `Test de panne n°${randomBytes(4).toString('hex')} : nid-de-poule profond.`)
  form.set('latitude', String(14.69 + Math.random() * 0.05))
  form.set('longitude', String(-17.46 + Math.random() * 0.05))
  if (withPhoto) form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  try {
    const response = await fetch(`${base}/api/reports`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': nextForwardedAddress() },
    })
    if (response.status !== 201) return null
    const body = (await response.json()) as { id: string; anonymous_code: string; citizenToken: string }
    return { code: body.anonymous_code, id: body.id, citizenToken: body.citizenToken, withPhoto }
  } catch {
    // The server died mid-request: not acknowledged, nothing is owed.
    return null
  }
}

async function runOn(target: Target, photo: Buffer) {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env = { ...target.env, PORT: String(port), HOST: '127.0.0.1' }
  const acknowledged: Acknowledged[] = []
  let failedRestarts = 0
  let startupKills = 0
  let server = startServer(env)
  if (!(await waitForHealth(base))) throw new Error(`${target.name}: the server did not start`)

  for (let kill = 0; kill < KILLS; kill++) {
    let running = true
    const clients = Array.from({ length: CLIENTS }, async (_, index) => {
      while (running) {
        const filed = await fileReport(base, photo, index % 4 === 0)
        if (filed) acknowledged.push(filed)
        else await sleep(20)
      }
    })
    await sleep(randomInt(300, 2500))
    await killed(server)
    running = false
    await Promise.all(clients)
    server = startServer(env)
    if (STARTUP_KILL_EVERY > 0 && kill % STARTUP_KILL_EVERY === STARTUP_KILL_EVERY - 1) {
      // Killed again while it opens the database and recovers from the previous kill.
      await sleep(randomInt(50, 1500))
      await killed(server)
      startupKills += 1
      server = startServer(env)
    }
    if (!(await waitForHealth(base))) {
      failedRestarts += 1
      await killed(server)
      server = startServer(env)
      if (!(await waitForHealth(base))) throw new Error(`${target.name}: the server no longer starts`)
    }
    process.stdout.write(`  ${target.name}: kill ${kill + 1}/${KILLS}, ${acknowledged.length} acknowledged\n`)
  }

  let lost = 0
  let lostPhotos = 0
  for (const report of acknowledged) {
    const response = await fetch(`${base}/api/reports/track/${report.code}`)
    if (response.status !== 200) lost += 1
    else if (report.withPhoto && !(await photoIsServed(base, report))) lostPhotos += 1
  }
  await killed(server)
  return { acknowledged: acknowledged.length, lost, lostPhotos, startupKills, failedRestarts }
}

/** The device that filed the report sees it with its photo, and the photo and thumbnail are served. */
async function photoIsServed(base: string, report: Acknowledged): Promise<boolean> {
  const response = await fetch(`${base}/api/citizen/reports`, {
    headers: { 'x-citizen-token': report.citizenToken },
  })
  if (!response.ok) return false
  const { items } = (await response.json()) as {
    items: { id: string; photo_url: string | null; photo_thumb_url: string | null }[]
  }
  const seen = items.find((item) => item.id === report.id)
  if (!seen?.photo_url || !seen.photo_thumb_url) return false
  for (const url of [seen.photo_url, seen.photo_thumb_url]) {
    const file = await fetch(`${base}${url}`)
    if (file.status !== 200 || (await file.arrayBuffer()).byteLength === 0) return false
  }
  return true
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-crash-'))
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'crash-test-admin' },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

async function postgresTarget(serverUrl: string): Promise<Target | null> {
  const database = await createScratchDatabase(serverUrl, 'ua_crash')
  if (!database) return null
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-crash-'))
  return {
    name: 'postgres',
    env: {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'crash-test-admin',
    },
    cleanup: async () => {
      await database.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function main() {
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a5' } })
    .jpeg()
    .toBuffer()
  const wanted = new Set(args.db.split(','))
  const results: string[] = []
  let failed = false
  for (const kind of ['pglite', 'postgres'] as const) {
    if (!wanted.has(kind)) continue
    const target = kind === 'pglite' ? await pgliteTarget() : await postgresTarget(args['postgres-url'])
    if (!target) {
      failed = true
      results.push(`${kind}: not run (no database)`)
      continue
    }
    console.log(`${kind}: ${KILLS} kills, ${CLIENTS} concurrent clients`)
    try {
      const { acknowledged, lost, lostPhotos, startupKills, failedRestarts } = await runOn(target, photo)
      if (lost > 0 || lostPhotos > 0 || failedRestarts > 0) failed = true
      results.push(
        `${kind}: acknowledged ${acknowledged}, lost ${lost}, photos lost ${lostPhotos}, kills ${KILLS} under load + ${startupKills} while starting, failed restarts ${failedRestarts}`,
      )
    } finally {
      await target.cleanup()
    }
  }
  console.log(results.join('\n'))
  process.exit(failed ? 1 : 0)
}

await main()
