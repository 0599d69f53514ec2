import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE, WEB_SESSION_HEADER } from '../../domain/auth-rules'
import {
  createOrganization,
  ORG_PASSWORD,
  sessionCookieSet,
  setOrganization,
  webLogin,
} from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'
import { smsEnv } from '../test/sms-gateway'
import { STAND_IN_SCRIPTS, writeWebBuild } from '../test/web-build'
import { loadWebBuild } from './web-app'

// The stand-in renderer renders the count the API gives it, or for a session page the name of the
// signed-in organisation (asked through the API as that visitor), on /a-propos the contact address
// it is rendered with; notes each address it renders in globalThis.renders, fails on purpose for
// `/suivi?code=ECHEC`, and answers 404 for the page of an unknown report, `/signalements/inconnu`.
const webDir = writeWebBuild(`
  const PAGES = {
    '/': { rendered: 'public', parameters: [], screens: [] },
    '/suivi': { rendered: 'public', parameters: ['code'], screens: ['src/web/screen.tsx'] },
    '/a-propos': { rendered: 'public', parameters: [], screens: [] },
    '/organization/available-reports': { rendered: 'session', parameters: [], screens: ['src/web/screen.tsx'], frenchOnly: true },
  }
  function pageOf(pathname) {
    if (pathname.startsWith('/signalements/')) return { rendered: 'public', parameters: [], screens: [], valueInPath: true }
    return PAGES[pathname] ?? { rendered: null, parameters: [], screens: ['src/web/screen.tsx'] }
  }
  async function renderApp(request, settings) {
    ;(globalThis.renders ??= []).push(request.url)
    if (request.url.endsWith('code=ECHEC')) throw new Error('a screen used window')
    if (request.url === '/a-propos') {
      return { status: 200, html: '<p>in ' + request.language + '</p><footer><a href="mailto:' + settings.contactEmail + '">' + settings.contactEmail + '</a>' + (settings.smsNumber ? '<a href="sms:' + settings.smsNumber + '">SMS</a>' : '') + '</footer>' }
    }
    if (request.url.startsWith('/organization')) {
      if (!request.session) return { redirect: '/organization/login' }
      const me = await request.fetch('/api/org/me', { method: 'GET' })
      const name = me.status === 200 ? (await me.json()).name : 'refused ' + me.status
      return { status: 200, html: '<h1>' + name + '</h1><script type="application/json">' + JSON.stringify({ session: request.session }) + '</script>', head: '<title>' + name + '</title>' }
    }
    const count = (await (await request.fetch('/api/reports/count', { method: 'GET' })).json()).count
    const status = request.url === '/signalements/inconnu' ? 404 : 200
    const origin = request.origin ?? ''
    const head = '<link rel="canonical" href="' + origin + request.url.split('?')[0] + '"><meta property="og:image" content="' + origin + '/og-image.png">'
    return { status, html: '<p>' + count + ' incident(s)</p>', head }
  }
`)

const logs: string[] = []
const logStream = new PassThrough()
logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()))

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ webDir, logStream })
})
afterAll(async () => {
  await ctx.close()
  rmSync(webDir, { recursive: true, force: true })
})

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

describe('pages rendered by the server', () => {
  it('carry the configured CONTACT_EMAIL: rendered in the page, and in a meta tag for the browser', async () => {
    const configured = await buildTestApp({ webDir, env: { CONTACT_EMAIL: 'ecrire@mairie-dakar.sn' } })
    try {
      const { body } = await configured.app.inject('/a-propos')
      expect(body).toContain('<a href="mailto:ecrire@mairie-dakar.sn">ecrire@mairie-dakar.sn</a>')
      expect(body).toContain('<meta name="contact-email" content="ecrire@mairie-dakar.sn">')
      // A page the browser renders reads it from the same meta tag.
      const shell = (await configured.app.inject('/signaler')).body
      expect(shell).toContain('<meta name="contact-email" content="ecrire@mairie-dakar.sn">')
    } finally {
      await configured.close()
    }
    // Without CONTACT_EMAIL, the project's own address.
    expect((await ctx.app.inject('/a-propos')).body).toContain(
      '<a href="mailto:contact@alertes-urbaines.sn">contact@alertes-urbaines.sn</a>',
    )
  })

  it('carry SMS_NUMBER when the SMS channel is on: rendered in the page, and in a meta tag for the browser', async () => {
    const withSms = await buildTestApp({ webDir, env: smsEnv({ url: 'http://127.0.0.1:9' }) })
    try {
      const { body } = await withSms.app.inject('/a-propos')
      expect(body).toContain('<a href="sms:+221338000000">SMS</a>')
      expect(body).toContain('<meta name="sms-number" content="+221338000000">')
      expect((await withSms.app.inject('/signaler')).body).toContain(
        '<meta name="sms-number" content="+221338000000">',
      )
    } finally {
      await withSms.close()
    }
    // Without the channel, the site says nothing of SMS.
    const { body } = await ctx.app.inject('/a-propos')
    expect(body).not.toContain('sms-number')
    expect(body).not.toContain('sms:')
  })

  it('carry what React rendered, and their inline scripts allowed by hash alone', async () => {
    const res = await ctx.app.inject('/suivi?code=ABCD2345')
    expect(res.statusCode).toBe(200)
    const count = (await ctx.app.inject('/api/reports/count')).json().count
    expect(res.body).toContain(`<div id="root" data-rendered-path="/suivi"><p>${count} incident(s)</p></div>`)
    // The first-paint script and the one starting the app are the only inline scripts that may run.
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain(sha256(STAND_IN_SCRIPTS.firstPaint))
    expect(csp).toContain(sha256(STAND_IN_SCRIPTS.start))
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  })

  it('keep their caching: checked again before each use, never no-store, whatever the request’s cookie', async () => {
    const organization = await createOrganization(ctx.db.db)
    const res = await webLogin(ctx.app, {
      userType: 'organization',
      email: organization.email,
      password: ORG_PASSWORD,
    })
    const cookie = `${SESSION_COOKIE}=${sessionCookieSet(res).value}`
    for (const url of ['/', '/a-propos', '/suivi?code=ABCD2345', '/signalements/a', '/mes-signalements']) {
      for (const headers of [{}, { cookie }]) {
        const page = await ctx.app.inject({ url, headers })
        expect({ url, cacheControl: page.headers['cache-control'] }).toEqual({
          url,
          cacheControl: 'no-cache',
        })
      }
    }
    expect((await ctx.app.inject('/assets/index-abc.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    )
  })

  // Issue 28: without PUBLIC_ORIGIN (the README's start command), a relative og:image left
  // WhatsApp and Facebook without a preview.
  it('carry absolute sharing addresses without PUBLIC_ORIGIN: the origin the request came to', async () => {
    const headOf = async (headers: Record<string, string>) => {
      const { body } = await ctx.app.inject({ url: '/', headers })
      return body.slice(0, body.indexOf('</head>'))
    }
    const direct = await headOf({ host: '192.168.1.20:3000' })
    expect(direct).toContain('<link rel="canonical" href="http://192.168.1.20:3000/">')
    expect(direct).toContain('<meta property="og:image" content="http://192.168.1.20:3000/og-image.png">')
    // Behind the proxy TRUST_PROXY names (loopback here), the address the phone used.
    const proxied = await headOf({
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'alertes.example.sn',
      'x-forwarded-proto': 'https',
    })
    expect(proxied).toContain('<link rel="canonical" href="https://alertes.example.sn/">')
    expect(proxied).toContain('<meta property="og:image" content="https://alertes.example.sn/og-image.png">')
    // Each origin its own rendering: one never gets another's addresses.
    expect(await headOf({ host: '192.168.1.20:3000' })).toBe(direct)
  })

  // Issue 28: English and Wolof pages were rendered in French, then hidden until the browser rendered them again.
  it('are rendered in the language the visitor’s cookie names, with its texts’ files, each language its own copy', async () => {
    const wolof = await ctx.app.inject({ url: '/a-propos', headers: { cookie: 'alertes_langue=wo' } })
    expect(wolof.body).toContain('<html lang="wo">')
    expect(wolof.headers.vary).toContain('Cookie')
    expect(wolof.body).toContain('<p>in wo</p>')
    const french = await ctx.app.inject('/a-propos')
    expect(french.body).toContain('<html lang="fr">')
    expect(french.body).toContain('<p>in fr</p>')
    // Anything else is French; the organisation and admin areas read French whatever the choice.
    expect(
      (await ctx.app.inject({ url: '/a-propos', headers: { cookie: 'alertes_langue=xx' } })).body,
    ).toContain('<p>in fr</p>')
    const organization = await createOrganization(ctx.db.db)
    const login = await webLogin(ctx.app, {
      userType: 'organization',
      email: organization.email,
      password: ORG_PASSWORD,
    })
    const cookie = `${SESSION_COOKIE}=${sessionCookieSet(login).value}; alertes_langue=wo`
    expect(
      (await ctx.app.inject({ url: '/organization/available-reports', headers: { cookie } })).body,
    ).toContain('<html lang="fr">')
  })

  it('keep a Host that is no host out of their addresses', async () => {
    const { body } = await ctx.app.inject({ url: '/', headers: { host: 'evil.example/x?y=' } })
    expect(body).not.toContain('evil.example')
    expect(body).toContain('<link rel="canonical" href="/">')
  })

  it('are rendered again once a report is filed', async () => {
    const before = (await ctx.app.inject('/api/reports/count')).json().count
    expect((await ctx.app.inject('/')).body).toContain(`<p>${before} incident(s)</p>`)
    await fileReportAs(ctx.app)
    expect((await ctx.app.inject('/')).body).toContain(`<p>${before + 1} incident(s)</p>`)
  })

  it('leave the other pages to the browser, with their screens’ files', async () => {
    const res = await ctx.app.inject('/mes-signalements')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('<link rel="modulepreload" href="/src/web/screen.tsx">')
    expect(res.body).toContain(
      '<meta name="tile-url" content="https://tile.openstreetmap.org/{z}/{x}/{y}.png">',
    )
  })

  it('are rendered once for every address that differs only by parameters they do not read', async () => {
    const renders = () => (globalThis as { renders?: string[] }).renders ?? []
    const bare = await ctx.app.inject('/')
    const before = renders().length
    for (const url of ['/?utm_source=x', '/?foo=1&bar=2', '/?', '/?code=ABCD2345']) {
      const res = await ctx.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(bare.body)
    }
    // Served from the page cache: not rendered again.
    expect(renders().length).toBe(before)
    // A page that reads a parameter is rendered with it, and without the others.
    await ctx.app.inject('/suivi?utm_source=x&code=ABCD2345&foo=1')
    expect(renders().slice(before)).toEqual(['/suivi?code=ABCD2345'])
    // Pages the browser renders are the same whatever their query.
    expect((await ctx.app.inject('/carte?foo=1')).body).toBe((await ctx.app.inject('/carte')).body)
  })

  it('renders a page of a signed-in area with its whole address, as the app reads it (the admin’s ?q= and ?statut=)', async () => {
    const renders = () => (globalThis as { renders?: string[] }).renders ?? []
    const organization = await createOrganization(ctx.db.db)
    const login = await webLogin(ctx.app, {
      userType: 'organization',
      email: organization.email,
      password: ORG_PASSWORD,
    })
    const cookie = `${SESSION_COOKIE}=${sessionCookieSet(login).value}`
    const before = renders().length
    const url = '/organization/available-reports?q=caniveau&statut=en-cours'
    expect((await ctx.app.inject({ url, headers: { cookie } })).statusCode).toBe(200)
    // Rendered without them, the page would show another list than the one the app hydrates with.
    expect(renders().slice(before)).toEqual([url])
  })

  it('are rendered for each request, never kept, when their path carries a value, with the status rendered', async () => {
    const renders = () => (globalThis as { renders?: string[] }).renders ?? []
    const before = renders().length
    for (const path of ['/signalements/a', '/signalements/a', '/signalements/b', '/signalements/inconnu']) {
      const res = await ctx.app.inject(path)
      expect(res.statusCode).toBe(path === '/signalements/inconnu' ? 404 : 200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toContain(`data-rendered-path="${path}"`)
    }
    // Each rendered again: a made-up id takes no place in the read cache.
    expect(renders().slice(before)).toEqual([
      '/signalements/a',
      '/signalements/a',
      '/signalements/b',
      '/signalements/inconnu',
    ])
  })

  it('fall back to the page the browser renders when rendering fails, and say so in the log', async () => {
    const res = await ctx.app.inject('/suivi?code=ECHEC')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('<script type="module" src="/assets/index-abc.js">')
    expect(logs.join('')).toContain('server rendering failed')
    // The page's address is logged without the code it was asked for.
    expect(logs.join('')).toContain('/suivi?code=[caché]')
    expect(logs.join('')).not.toContain('ECHEC')
  })
})

describe('signed-in pages rendered by the server', () => {
  const page = (cookie?: string) =>
    ctx.app.inject({
      url: '/organization/available-reports',
      headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
    })

  async function webLoginAs(email: string) {
    const res = await webLogin(ctx.app, { userType: 'organization', email, password: ORG_PASSWORD })
    return sessionCookieSet(res).value ?? ''
  }

  it('are rendered for the session of the cookie alone, its API calls made as that visitor', async () => {
    const organization = await createOrganization(ctx.db.db)
    const res = await page(await webLoginAs(organization.email))
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain(`<h1>${organization.name}</h1>`)
    expect(res.body).toContain(`<title>${organization.name}</title>`)
    expect(res.body).toContain(`"userType":"organization"`)
    // That visitor's alone: no cache keeps it, neither a shared one nor the browser's (a
    // signed-out visitor going back would see it).
    expect(res.headers['cache-control']).toBe('no-store, private')
    // The refresh token of the cookie is never written into the page.
    expect(res.body).not.toContain('refreshToken')
  })

  it('send a visitor without a valid cookie to the login page', async () => {
    for (const cookie of [undefined, 'not-a-session']) {
      const res = await page(cookie)
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('/organization/login')
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('are no longer rendered for a session that was logged out or whose account was suspended', async () => {
    const organization = await createOrganization(ctx.db.db)
    const loggedOut = await webLoginAs(organization.email)
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { [WEB_SESSION_HEADER]: '1', cookie: `${SESSION_COOKIE}=${loggedOut}` },
      payload: {},
    })
    expect((await page(loggedOut)).statusCode).toBe(302)
    const suspended = await webLoginAs(organization.email)
    expect((await page(suspended)).statusCode).toBe(200)
    await setOrganization(ctx.db.db, organization.id, { is_active: false })
    expect((await page(suspended)).statusCode).toBe(302)
  })

  it('render two sessions at once, each with its own', async () => {
    const first = await createOrganization(ctx.db.db)
    const second = await createOrganization(ctx.db.db)
    const cookies = [await webLoginAs(first.email), await webLoginAs(second.email)]
    const pages = await Promise.all(Array.from({ length: 10 }, (_, i) => page(cookies[i % 2])))
    pages.forEach((res, i) => {
      const [mine, theirs] = i % 2 === 0 ? [first, second] : [second, first]
      expect(res.body).toContain(`<h1>${mine.name}</h1>`)
      expect(res.body).not.toContain(`<h1>${theirs.name}</h1>`)
    })
  })
})

describe('the build’s internals', () => {
  it('are not served: Vite’s manifests, the server’s copy of the app, source maps', async () => {
    // Served files of the same build, for contrast.
    expect((await ctx.app.inject('/assets/index-abc.js')).statusCode).toBe(200)
    for (const url of [
      '/.vite/manifest.json',
      '/.vite/chunk-modules.json',
      '/%2Evite/manifest.json',
      '/.vite/manifest.json?x=1',
      '/assets/../.vite/manifest.json',
      '/.ssr/entry-server.js',
      '/assets/index-abc.js.map',
    ]) {
      const res = await ctx.app.inject(url)
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 })
      expect(res.body).not.toContain('index-abc')
      expect(res.body).not.toContain('src/web')
      expect(res.body).not.toContain('createPageRenderer')
    }
  })
})

describe('a build', () => {
  it('without its server copy is refused at start-up, with what to do', async () => {
    const half = writeWebBuild('const pageOf = () => ({}); const renderApp = () => ({})')
    rmSync(path.join(half, '.ssr'), { recursive: true })
    await expect(loadWebBuild(half, ctx.app.deps.config)).rejects.toThrow(
      `${half} holds no server copy of the app, or one older than this server: run npm run build`,
    )
    rmSync(half, { recursive: true, force: true })
  })
})
