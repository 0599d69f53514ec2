// `npm run soak`: a long mixed load on the real server, on loopback, with autocannon. Each
// connection goes round: the home page's reads (recent, count, map), filing a report with a
// small photo, an organisation's lists and a claim, an administrator's lists. It prints the
// errors (goal 0), the p50/p99 latency, and the resident memory (RSS) of the server process
// along the way (goal: the end within 10 % of the start).
//   npm run soak -- --duration 600 --connections 100 --db pglite
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import sharp from 'sharp'
import {
  createScratchDatabase,
  freePort,
  killed,
  nextForwardedAddress,
  residentBytes,
  sleep,
  startServer,
  waitForHealth,
} from '../../src/server/test/server-process'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '600' },
    connections: { type: 'string', default: '100' },
    db: { type: 'string', default: 'pglite' },
    'warm-up': { type: 'string', default: '30' },
    organizations: { type: 'string', default: '5' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
const DURATION_S = Number(args.duration)
const CONNECTIONS = Number(args.connections)
const WARM_UP_S = Number(args['warm-up'])
const ADMIN_PASSWORD = `soak-${randomBytes(6).toString('hex')}`
const ORG_PASSWORD = 'soak-org-password'
const MB = 1024 * 1024

interface Session {
  token: string
  refreshToken: string
}

async function call<T>(base: string, url: string, init: RequestInit & { expect?: number } = {}): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  })
  if (response.status !== (init.expect ?? 200)) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`)
  }
  return (response.status === 204 ? null : await response.json()) as T
}

function multipartReport(photo: Buffer, categoryId: number) {
  const boundary = `----soak${randomBytes(8).toString('hex')}`
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const body = Buffer.concat([
    Buffer.from(
      field('categoryId', String(categoryId)) +
        field('description', 'Nid-de-poule profond devant le marché, signalé pendant le test') +
        field('latitude', '14.7') +
        field('longitude', '-17.45') +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Organisations signed up through the API, approved by the administrator, logged in. */
async function setUp(base: string, photo: Buffer) {
  const admin = await call<Session>(base, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ userType: 'admin', username: 'admin', password: ADMIN_PASSWORD }),
  })
  const adminHeaders = { authorization: `Bearer ${admin.token}` }
  const categories = await call<{ id: number; nom: string }[]>(base, '/api/categories')
  const organizations: Session[] = []
  for (let i = 0; i < Number(args.organizations); i++) {
    const email = `soak-${i}-${randomBytes(3).toString('hex')}@example.sn`
    const created = await call<{ id: string }>(base, '/api/organizations/signup', {
      method: 'POST',
      expect: 201,
      body: JSON.stringify({
        name: `Mairie de test ${i}`,
        type: 'mairie',
        email,
        phone: '+221 33 800 00 00',
        address: 'Place de l’Indépendance',
        city: 'Dakar',
        categoryIds: categories.map((c) => c.id),
        password: ORG_PASSWORD,
      }),
    })
    await call(base, `/api/admin/organizations/${created.id}`, {
      method: 'PATCH',
      headers: adminHeaders,
      body: JSON.stringify({ status: 'approved' }),
    })
    organizations.push(
      await call<Session>(base, '/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ userType: 'organization', email, password: ORG_PASSWORD }),
      }),
    )
  }
  // Something to list from the first second.
  for (let i = 0; i < 50; i++) {
    const { body, contentType } = multipartReport(photo, categories[i % categories.length]?.id ?? 1)
    await fetch(`${base}/api/reports`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, 'x-forwarded-for': nextForwardedAddress() },
    })
  }
  return { admin, organizations, categoryIds: categories.map((c) => c.id) }
}

/** Access tokens live 15 minutes: a long soak renews them as the web app does. */
async function renew(base: string, session: Session) {
  const renewed = await call<Session>(base, '/api/auth/refresh', {
    method: 'POST',
    body: JSON.stringify({ refreshToken: session.refreshToken }),
  })
  session.token = renewed.token
  session.refreshToken = renewed.refreshToken
}

type RequestSpec = autocannon.Request & { name: string }

async function main() {
  const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#a86' } })
    .jpeg({ quality: 70 })
    .toBuffer()
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-soak-'))
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'error',
  }
  const database =
    args.db === 'postgres' ? await createScratchDatabase(args['postgres-url'], 'ua_soak') : null
  if (args.db === 'postgres') {
    if (!database) process.exit(1)
    env.DATABASE_URL = database.url
    env.JWT_SECRET = randomBytes(32).toString('hex')
  }
  const server = startServer(env)
  try {
    if (!(await waitForHealth(base))) throw new Error('the server did not start')
    const pid = server.pid ?? 0
    const rssBeforeLoad = residentBytes(pid)
    const { admin, organizations, categoryIds } = await setUp(base, photo)

    // Reports filed during the soak, for the organisations to claim (each claimed once).
    const claimable: string[] = []
    const statuses = new Map<string, Map<number, number>>()
    const record = (name: string, status: number) => {
      const byStatus = statuses.get(name) ?? new Map<number, number>()
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
      statuses.set(name, byStatus)
    }
    let turn = 0
    const orgOf = () => organizations[turn++ % organizations.length] as Session
    const bearer = (session: Session) => `Bearer ${session.token}`
    const get = (name: string, pathOf: () => string, auth?: () => string): RequestSpec => ({
      name,
      method: 'GET',
      path: pathOf(),
      setupRequest: (request) => ({
        ...request,
        path: pathOf(),
        headers: { ...request.headers, ...(auth ? { authorization: auth() } : {}) },
      }),
      onResponse: (status) => record(name, status),
    })
    const bbox = () => {
      const lon = -17.5 + Math.random() * 0.1
      const lat = 14.65 + Math.random() * 0.1
      return `${lon.toFixed(4)},${lat.toFixed(4)},${(lon + 0.05).toFixed(4)},${(lat + 0.05).toFixed(4)}`
    }
    const requests: RequestSpec[] = [
      get('home: recent', () => '/api/reports/recent'),
      get('home: count', () => '/api/reports/count'),
      get('home: map', () => `/api/reports/map?bbox=${bbox()}`),
      {
        name: 'file a report with a photo',
        method: 'POST',
        path: '/api/reports',
        setupRequest: (request) => {
          const { body, contentType } = multipartReport(photo, categoryIds[turn % categoryIds.length] ?? 1)
          return {
            ...request,
            body,
            headers: {
              ...request.headers,
              'content-type': contentType,
              'x-forwarded-for': nextForwardedAddress(),
            },
          }
        },
        onResponse: (status, body) => {
          record('file a report with a photo', status)
          if (status === 201) claimable.push((JSON.parse(body) as { id: string }).id)
        },
      },
      get(
        'organisation: available',
        () => '/api/org/reports/available',
        () => bearer(orgOf()),
      ),
      get(
        'organisation: managed',
        () => '/api/org/reports/managed',
        () => bearer(orgOf()),
      ),
      {
        name: 'organisation: claim',
        method: 'POST',
        path: '/api/reports/count',
        setupRequest: (request) => {
          const id = claimable.shift()
          // Nothing filed yet to claim: this turn reads the available list instead.
          if (!id)
            return {
              ...request,
              method: 'GET',
              path: '/api/org/reports/available',
              headers: { ...request.headers, authorization: bearer(orgOf()) },
            }
          return {
            ...request,
            method: 'POST',
            path: `/api/org/reports/${id}/claim`,
            headers: { ...request.headers, authorization: bearer(orgOf()) },
          }
        },
        onResponse: (status) => record('organisation: claim', status),
      },
      get(
        'admin: reports',
        () => `/api/admin/reports?page=${1 + Math.floor(Math.random() * 5)}`,
        () => bearer(admin),
      ),
      get(
        'admin: organisations',
        () => '/api/admin/organizations',
        () => bearer(admin),
      ),
      get(
        'admin: stats',
        () => '/api/admin/stats',
        () => bearer(admin),
      ),
    ]

    console.log(
      `Soak on ${database ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ${DURATION_S} s (+${WARM_UP_S} s warm-up), server pid ${pid}`,
    )
    const renewal = setInterval(() => {
      for (const session of [admin, ...organizations])
        void renew(base, session).catch((error) => console.error(String(error)))
    }, 5 * 60_000)
    const samples: { at: number; rss: number }[] = []
    try {
      if (WARM_UP_S > 0)
        await autocannon({ url: base, connections: CONNECTIONS, duration: WARM_UP_S, requests })
      statuses.clear()
      const rssAtStart = residentBytes(pid)
      samples.push({ at: 0, rss: rssAtStart })
      const started = Date.now()
      const sampler = setInterval(() => {
        const rss = residentBytes(pid)
        samples.push({ at: Math.round((Date.now() - started) / 1000), rss })
        console.log(`  ${Math.round((Date.now() - started) / 1000)} s: RSS ${(rss / MB).toFixed(0)} MB`)
      }, 30_000)
      const result = await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: DURATION_S,
        requests,
        timeout: 30,
      })
      clearInterval(sampler)
      await sleep(2000)
      const rssAtEnd = residentBytes(pid)
      samples.push({ at: DURATION_S, rss: rssAtEnd })
      const alive = await waitForHealth(base, { timeoutMs: 5000 })

      const unexpected = [...statuses.entries()].flatMap(([name, byStatus]) =>
        [...byStatus.entries()]
          // A claim may lose to another organisation's (409): that is the API working.
          .filter(([status]) => status >= 400 && !(name === 'organisation: claim' && status === 409))
          .map(([status, count]) => `${name}: ${count} × ${status}`),
      )
      const errorCount =
        result.errors +
        result.timeouts +
        unexpected.reduce((sum, line) => sum + Number(line.split(': ')[1]?.split(' ')[0]), 0)
      const growth = ((rssAtEnd - rssAtStart) / rssAtStart) * 100
      console.log('\nRequests by kind and status:')
      for (const [name, byStatus] of statuses) {
        console.log(`  ${name}: ${[...byStatus.entries()].map(([s, n]) => `${n} × ${s}`).join(', ')}`)
      }
      console.log(
        `\n${result.requests.total} requests in ${DURATION_S} s (${result.requests.average.toFixed(0)}/s)`,
      )
      console.log(
        `errors: ${errorCount} (connection errors ${result.errors}, timeouts ${result.timeouts}${unexpected.length ? `, ${unexpected.join(', ')}` : ''})`,
      )
      console.log(
        `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      )
      console.log(
        `server RSS: ${(rssBeforeLoad / MB).toFixed(0)} MB before any load, ${(rssAtStart / MB).toFixed(0)} MB at the start (after warm-up), ${(rssAtEnd / MB).toFixed(0)} MB at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
      )
      console.log(`server still answering: ${alive ? 'yes' : 'NO'}`)
      process.exitCode = errorCount === 0 && alive && Math.abs(growth) <= 10 ? 0 : 1
    } finally {
      clearInterval(renewal)
    }
  } finally {
    await killed(server, 'SIGTERM')
    await database?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
