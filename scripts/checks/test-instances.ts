// `npm run test:instances`: the set-up of deploy/ on this machine, checked end to end. Two server
// processes on one PostgreSQL database and one shared DATA_DIR, behind nginx (Debian's package,
// `apt-get install -y nginx`) running deploy/alertes-urbaines.nginx.conf on loopback ports.
// Checks that a session works across both instances, that a live event raised on one reaches the
// clients of the other (directly and through nginx), that an uploaded photo is served by both,
// that both survive a restart of PostgreSQL, that they count the rate limits against one budget in
// Redis, and that nginx goes on answering when one instance dies. The database is a PostgreSQL
// server of the run's own, in a temporary folder, so that its restart disturbs no other user of
// the machine; Redis too is the run's own (counters outlive a run). Exits with 1 when a check fails.
//   npm run test:instances -- [--pg-bin /usr/lib/postgresql/15/bin] [--redis-server /usr/bin/redis-server]
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { DEFAULT_PG_BIN_DIR, startPrivatePostgres } from '../../src/server/test/private-postgres'
import {
  freePort,
  killed,
  repoRoot,
  sleep,
  startServer,
  waitForHealth,
} from '../../src/server/test/server-process'

const { values: args } = parseArgs({
  options: {
    'pg-bin': { type: 'string', default: process.env.PG_BIN_DIR || DEFAULT_PG_BIN_DIR },
    nginx: { type: 'string', default: '/usr/sbin/nginx' },
    'redis-server': { type: 'string', default: '/usr/bin/redis-server' },
  },
})
const ADMIN_PASSWORD = `instances-${randomBytes(6).toString('hex')}`
const SITE_CONFIG = path.join(repoRoot, 'deploy', 'alertes-urbaines.nginx.conf')

const results: { check: string; ok: boolean; detail?: string }[] = []
async function check(name: string, run: () => Promise<void>) {
  try {
    await run()
    results.push({ check: name, ok: true })
    console.log(`  ✓ ${name}`)
  } catch (error) {
    results.push({ check: name, ok: false, detail: (error as Error).message })
    console.log(`  ✗ ${name}: ${(error as Error).message}`)
  }
}
function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

async function call(base: string, url: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${url}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

/** The site config of deploy/, pointed at this run's ports, inside a minimal main config. */
function nginxConfig(prefix: string, listen: number, instances: number[]): string {
  let site = readFileSync(SITE_CONFIG, 'utf8')
  site = site.replace('listen 8080;', `listen 127.0.0.1:${listen};`)
  site = site.replace('server 127.0.0.1:3001', `server 127.0.0.1:${instances[0]}`)
  site = site.replace('server 127.0.0.1:3002', `server 127.0.0.1:${instances[1]}`)
  site = site.replace('/var/log/nginx/alertes-urbaines.access.log', `${prefix}/site-access.log`)
  writeFileSync(path.join(prefix, 'site.conf'), site)
  return `worker_processes 1;
error_log ${prefix}/error.log warn;
pid ${prefix}/nginx.pid;
events { worker_connections 256; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`
}

/**
 * Listens to /api/events at `base` and collects the events that arrive: with a ticket asked with
 * the session's token, as the web app opens its stream.
 */
async function subscribe(base: string, token: string) {
  const asked = await fetch(`${base}/api/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  })
  assert(asked.status === 200, `/api/events/ticket answered ${asked.status}`)
  const { ticket } = (await asked.json()) as { ticket: string }
  const controller = new AbortController()
  const res = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  })
  assert(res.status === 200, `/api/events answered ${res.status}`)
  const events: { type: string; reportId?: string; at: number }[] = []
  const reader = res.body?.getReader()
  let buffer = ''
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read()
        if (!chunk || chunk.done) return
        buffer += new TextDecoder().decode(chunk.value)
        const blocks = buffer.split('\n\n')
        buffer = blocks.pop() ?? ''
        for (const block of blocks) {
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (data) events.push({ ...(JSON.parse(data.slice(6)) as { type: string }), at: Date.now() })
        }
      }
    } catch {
      // closed
    }
  })()
  return {
    async waitFor(reportId: string, withinMs: number) {
      const deadline = Date.now() + withinMs
      while (Date.now() < deadline) {
        if (events.some((e) => e.reportId === reportId)) return
        await sleep(20)
      }
      throw new Error(`the event of report ${reportId} did not arrive within ${withinMs} ms`)
    },
    close: () => controller.abort(),
  }
}

async function fileReport(base: string, photo: Buffer) {
  const form = new FormData()
  form.set('categoryId', '1')
  form.set('description', 'Caniveau bouché devant la pharmacie, vérifié par deux instances')
  form.set('latitude', '14.7')
  form.set('longitude', '-17.45')
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  const res = await fetch(`${base}/api/reports`, { method: 'POST', body: form })
  assert(res.status === 201, `filing answered ${res.status}`)
  return (await res.json()) as { id: string; anonymous_code: string; citizenToken: string }
}

/** An instance with its output kept, to read what it logs. */
function startInstance(env: Record<string, string>) {
  const child = startServer({ ...env, LOG_LEVEL: 'info' }, 'pipe')
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

async function waitForLog(instance: ReturnType<typeof startInstance>, text: string, withinMs: number) {
  const deadline = Date.now() + withinMs
  while (Date.now() < deadline && !instance.output().includes(text)) await sleep(100)
  assert(instance.output().includes(text), `"${text}" not logged within ${withinMs} ms`)
}

/** A Redis server of the run's own on a free port, keeping nothing on disk. */
async function startPrivateRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(
    args['redis-server'],
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  )
  for (let waited = 0; waited < 5000; waited += 100) {
    const ready = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' })
    if (ready.stdout?.trim() === 'PONG') return { url: `redis://127.0.0.1:${port}`, child }
    await sleep(100)
  }
  child.kill()
  throw new Error(`redis-server did not answer on port ${port}`)
}

async function main() {
  for (const [program, install] of [
    [args.nginx, 'apt-get install -y nginx'],
    [args['redis-server'], 'apt-get install -y redis-server'],
  ] as const) {
    if (!existsSync(program)) {
      console.error(`${program} is not installed: ${install}`)
      process.exit(1)
    }
  }
  const redis = await startPrivateRedis()
  const database = await startPrivatePostgres(args['pg-bin'])
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-instances-'))
  const prefix = mkdtempSync(path.join(tmpdir(), 'ua-nginx-'))
  const children: ChildProcess[] = []
  try {
    const ports = [await freePort(), await freePort()]
    const shared = {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      HOST: '127.0.0.1',
      REDIS_URL: redis.url,
    }
    const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string]
    const instances = ports.map((port) => startInstance({ ...shared, PORT: String(port) }))
    for (const instance of instances) children.push(instance.child)
    assert((await waitForHealth(a)) && (await waitForHealth(b)), 'the instances did not start')

    const listen = await freePort()
    writeFileSync(path.join(prefix, 'nginx.conf'), nginxConfig(prefix, listen, ports))
    const tested = spawnSync(args.nginx, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
      encoding: 'utf8',
    })
    assert(tested.status === 0, `nginx -t refused the configuration: ${tested.stderr}`)
    const nginx = spawn(
      args.nginx,
      ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    children.push(nginx)
    const proxy = `http://127.0.0.1:${listen}`
    assert(await waitForHealth(proxy, { timeoutMs: 10_000 }), 'nginx did not answer')
    mkdirSync(path.join(dataDir, 'uploads'), { recursive: true })
    console.log(`Instances ${a} and ${b} on one PostgreSQL database, behind nginx at ${proxy}`)

    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#39c' } })
      .jpeg()
      .toBuffer()
    const adminLogin = JSON.stringify({ userType: 'admin', username: 'admin', password: ADMIN_PASSWORD })

    await check('a session opened on one instance works on the other, and renews there', async () => {
      const session = await call(a, '/api/auth/login', { method: 'POST', body: adminLogin })
      assert(session.status === 200, `login on A: ${session.status}`)
      const onB = await call(b, '/api/admin/stats', {
        headers: { authorization: `Bearer ${session.body.token}` },
      })
      assert(onB.status === 200, `A's token on B: ${onB.status}`)
      const renewed = await call(b, '/api/auth/refresh', {
        method: 'POST',
        body: JSON.stringify({ refreshToken: session.body.refreshToken }),
      })
      assert(renewed.status === 200, `A's refresh token on B: ${renewed.status}`)
      const back = await call(a, '/api/admin/stats', {
        headers: { authorization: `Bearer ${renewed.body.token}` },
      })
      assert(back.status === 200, `B's renewed token on A: ${back.status}`)
      const replay = await call(a, '/api/auth/refresh', {
        method: 'POST',
        body: JSON.stringify({ refreshToken: session.body.refreshToken }),
      })
      assert(replay.status === 401, `a refresh token used on B replayed on A: ${replay.status}`)
    })

    await check('through nginx, a session works whichever instance answers', async () => {
      const session = await call(proxy, '/api/auth/login', { method: 'POST', body: adminLogin })
      assert(session.status === 200, `login through nginx: ${session.status}`)
      for (let i = 0; i < 10; i++) {
        const res = await call(proxy, '/api/admin/reports', {
          headers: { authorization: `Bearer ${session.body.token}` },
        })
        assert(res.status === 200, `request ${i} through nginx: ${res.status}`)
      }
    })

    const admin = await call(a, '/api/auth/login', { method: 'POST', body: adminLogin })
    const token = String(admin.body.token)

    await check('a live event raised on one instance reaches the clients of the other', async () => {
      const onB = await subscribe(b, token)
      const filed = await fileReport(a, photo)
      await onB.waitFor(filed.id, 5000)
      onB.close()
    })

    await check('live events pass through nginx at once (no buffering)', async () => {
      const throughNginx = await subscribe(proxy, token)
      await sleep(200)
      for (const base of [a, b]) {
        const filed = await fileReport(base, photo)
        await throughNginx.waitFor(filed.id, 2000)
      }
      throughNginx.close()
    })

    await check('a photo uploaded to one instance is served by the other and through nginx', async () => {
      const filed = await fileReport(a, photo)
      const mine = await call(a, '/api/citizen/reports', {
        headers: { 'x-citizen-token': filed.citizenToken },
      })
      const item = (mine.body.items as { photo_url: string }[])[0]
      assert(item?.photo_url, 'the report has no photo')
      const fromA = Buffer.from(await (await fetch(`${a}${item.photo_url}`)).arrayBuffer())
      for (const base of [b, proxy]) {
        const res = await fetch(`${base}${item.photo_url}`)
        assert(res.status === 200, `${base}${item.photo_url}: ${res.status}`)
        assert(Buffer.from(await res.arrayBuffer()).equals(fromA), `${base} served other bytes`)
      }
    })

    await check('nginx’s access log holds no session token', async () => {
      // nginx writes a stream's line once the stream has closed.
      let log = ''
      for (let waited = 0; waited < 3000 && !log.includes('GET /api/events '); waited += 100) {
        log = readFileSync(path.join(prefix, 'site-access.log'), 'utf8')
        await sleep(100)
      }
      assert(log.includes('GET /api/events '), 'the live events stream is not in the access log')
      assert(!log.includes(token), 'the session token of /api/events is in the access log')
    })

    await check('both instances count the rate limits against one budget (Redis)', async () => {
      // One client (this machine, as nginx passes its address) signing up 5 times an hour at
      // most, wherever its requests land: 3 on one instance, 2 on the other, the 6th through nginx.
      const signup = (base: string) => call(base, '/api/organizations/signup', { method: 'POST', body: '{}' })
      const answers = []
      for (const base of [a, b, a, b, a]) answers.push((await signup(base)).status)
      assert(
        answers.every((status) => status === 400),
        `the first five answered ${answers.join(', ')}`,
      )
      const sixth = await signup(proxy)
      assert(sixth.status === 429, `the sixth answered ${sixth.status}`)
    })

    await check('nginx refuses the backup route of the embedded database', async () => {
      const res = await fetch(`${proxy}/api/internal/backup`, { method: 'POST' })
      assert(res.status === 404, `answered ${res.status}`)
    })

    await check(
      'both instances survive a PostgreSQL restart, answer 503 meanwhile, then serve again',
      async () => {
        const before = await fileReport(proxy, photo)
        const onB = await subscribe(b, token)
        await database.stop()
        await sleep(300)
        assert(
          children.slice(0, 2).every((child) => child.exitCode === null && child.signalCode === null),
          'an instance exited when PostgreSQL stopped',
        )
        for (const base of [a, b, proxy]) {
          const res = await call(base, `/api/reports/track/${before.anonymous_code}`)
          const error = res.body.error as { code?: string } | undefined
          assert(
            res.status === 503 && error?.code === 'database_unavailable',
            `${base} answered ${res.status} during the outage`,
          )
        }
        await database.start()
        assert(
          (await waitForHealth(a, { timeoutMs: 30_000 })) && (await waitForHealth(b, { timeoutMs: 30_000 })),
          'no health after restart',
        )
        // Each bus listens again within its backoff (0.5 s doubling): then live events flow again.
        for (const instance of instances) await waitForLog(instance, 'live events: listening again', 35_000)
        const tracked = await call(proxy, `/api/reports/track/${before.anonymous_code}`)
        assert(tracked.status === 200, `the report filed before the restart: ${tracked.status}`)
        const after = await fileReport(a, photo)
        await onB.waitFor(after.id, 5000)
        onB.close()
      },
    )

    await check('when one instance dies, nginx goes on answering with the other', async () => {
      const [first] = children
      if (first) await killed(first)
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${proxy}/api/reports/recent`)
        assert(res.status === 200, `request ${i} after the kill: ${res.status}`)
      }
    })
  } finally {
    for (const child of children.reverse()) await killed(child, 'SIGTERM')
    await killed(redis.child, 'SIGTERM')
    await database.destroy()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(prefix, { recursive: true, force: true })
  }
  const failed = results.filter((r) => !r.ok)
  console.log(`\n${results.length - failed.length} passed, ${failed.length} failed`)
  process.exit(failed.length > 0 ? 1 : 0)
}

await main()
