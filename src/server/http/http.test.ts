import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_FILING_MESSAGES } from '../../domain/report-filing-rules'
import { bearer, createOrganization, loginAdmin, loginOrganization } from '../test/accounts'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, TEST_ADMIN, type TestContext } from '../test/helper'
import { multipartBody } from '../test/multipart'
import { writeWebBuild } from '../test/web-build'

// Every page left to the browser, as large as a real page (its head lists the page's files).
const webDir = writeWebBuild(`
  const pageOf = () => ({ rendered: null, parameters: [], screens: Array.from({ length: 30 }, (_, i) => 'src/web/screen-' + i + '.tsx') })
  const renderApp = () => ({ status: 200, html: '' })
`)
const script = 'console.log("alertes urbaines");'.repeat(50)
writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), script)
writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync(script))
writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script))
writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\n')

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp({ webDir, env: { TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' } })
  ctx.app.get('/api/test/crash', async () => {
    throw new Error('connection string postgres://secret@db')
  })
  ctx.app.post('/api/test/echo', async (request) => request.body)
})
afterAll(async () => {
  await ctx.close()
  rmSync(webDir, { recursive: true, force: true })
})

describe('error model', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await ctx.app.inject('/api/does-not-exist')
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toEqual({
      error: { code: 'route_not_found', message: 'Cette adresse de l’API n’existe pas.' },
    })
  })

  it('answers malformed JSON with a 400 in French', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('invalid_json')
  })

  it('answers an unsupported body type with a 415, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.code).toBe('unsupported_media_type')
  })

  it('answers a path that is not valid percent-encoding with the JSON 400 (found by fuzzing)', async () => {
    const res = await ctx.app.inject('/api/reports/track/%')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('invalid_input')
  })

  it('answers a path parameter longer than the router takes with a JSON 414 (found by fuzzing)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `/api/org/reports/${'A'.repeat(500)}/claim` })
    expect(res.statusCode).toBe(414)
    expect(res.json().error.code).toBe('invalid_input')
  })

  it('answers three small files in one report with a 400 about the files a report takes, not about their size', async () => {
    const small = Buffer.from('0123456789')
    const send = (fields: Record<string, string | number>, files: readonly string[], address: string) => {
      const form = multipartBody(
        fields,
        files.map((name, i) => ({ name, filename: `f${i}.png`, contentType: 'image/png', data: small })),
      )
      return ctx.app.inject({
        method: 'POST',
        url: '/api/reports',
        payload: form.payload,
        headers: { ...form.headers, 'x-forwarded-for': address },
      })
    }
    const report = { categoryId: 1, description: 'Trois petits fichiers', latitude: 14.7, longitude: -17.4 }
    const sizeMessage = 'Le fichier est trop volumineux (10 Mo au maximum).'
    // Three photos; a third file past the photo and the voice note; a second photo; another name.
    for (const [files, address] of [
      [['photo', 'photo', 'photo'], '198.18.7.11'],
      [['photo', 'audio', 'document'], '198.18.7.12'],
      [['photo', 'audio', 'photo'], '198.18.7.13'],
      [['photo', 'photo'], '198.18.7.14'],
      [['document'], '198.18.7.15'],
    ] as const) {
      const res = await send(report, files, address)
      expect({ files, status: res.statusCode, message: res.json().error.message }).toEqual({
        files,
        status: 400,
        message: REPORT_FILING_MESSAGES.tooManyFiles,
      })
    }
    // Too many text fields is no matter of size either.
    const fields = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`champ${i}`, 'x']))
    const tooManyFields = await send(fields, [], '198.18.7.16')
    expect(tooManyFields.statusCode).toBe(400)
    expect(tooManyFields.json().error.message).not.toBe(sizeMessage)
  })

  it('answers a multipart body cut short with a 400, not a 500 (found by fuzzing)', async () => {
    const body =
      '--a\r\nContent-Disposition: form-data; name="categoryId"\r\n\r\n1\r\n--a\r\nContent-Disposition: form-da'
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: body,
      headers: { 'content-type': 'multipart/form-data; boundary=a', 'x-forwarded-for': '198.18.7.7' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('invalid_input')
  })

  it('refuses a NUL character anywhere in the input with a 400, not a 500 from the database (found by fuzzing)', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizations/signup',
      payload: {
        name: 'Mairie\u0000',
        type: 'mairie',
        email: 'nul@example.sn',
        phone: '+221 33 800 00 00',
        address: 'Rue 1',
        city: 'Dakar',
        categoryIds: [1],
        password: 'abcdef12',
      },
    })
    expect(json.statusCode).toBe(400)
    expect(json.json().error).toMatchObject({ code: 'invalid_input', field: 'name' })
    expect((await ctx.app.inject('/api/reports/track/AB%00CDEFG')).statusCode).toBe(400)
    const query = await ctx.app.inject('/api/reports/map?bbox=1,2,3,4%00')
    expect(query.statusCode).toBe(400)
    const form = multipartBody({
      categoryId: 1,
      description: 'Trou\u0000 dans la chaussée',
      latitude: 14.7,
      longitude: -17.4,
    })
    const multipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: form.payload,
      headers: { ...form.headers, 'x-forwarded-for': '198.18.7.8' },
    })
    expect(multipart.statusCode).toBe(400)
    expect(multipart.json().error.field).toBe('description')
  })

  it('refuses half a surrogate pair in a JSON text with a 400, not a 500 from the database (found by fuzzing)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/organizations/signup',
      headers: { 'content-type': 'application/json' },
      // Written by hand: JSON.stringify would escape the lone surrogate the same way.
      payload:
        '{"name":"Mairie \\udfff","type":"mairie","email":"demi@example.sn","phone":"+221 33 800 00 00","address":"Rue 1","city":"Dakar","categoryIds":[1],"password":"abcdef12"}',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'invalid_input', field: 'name' })
  })

  it('answers JSON nested as deep as the body limit allows with a 400 (found by fuzzing)', async () => {
    for (const payload of [
      '['.repeat(16_000) + ']'.repeat(16_000),
      `${'{"a":'.repeat(5_000)}"\\u0000"${'}'.repeat(5_000)}`,
      `${'{"a":'.repeat(5_000)}"\u0000"${'}'.repeat(5_000)}`,
    ]) {
      expect(payload.length).toBeLessThan(32 * 1024)
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toMatch(/^invalid_/)
    }
  })

  it('refuses a JSON body over 32 KB with a 413 in French, before reading it; uploads keep their own limit', async () => {
    const login = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.7.9' },
      })
    const padded = (bytes: number) => {
      const start = '{"userType":"admin","username":"admin","password":"'
      return `${start}${'x'.repeat(bytes - start.length - 2)}"}`
    }
    const tooLarge = await login(padded(32 * 1024 + 1))
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toEqual({
      error: {
        code: 'body_too_large',
        message: 'Les données envoyées sont trop volumineuses (32 Ko au maximum).',
      },
    })
    // At the limit, the body is read and judged on what it says.
    expect((await login(padded(32 * 1024))).statusCode).toBe(400)
    // A report's photo of 100 KB is multipart: not a JSON body.
    const photo = await sharp(randomBytes(180 * 180 * 3), { raw: { width: 180, height: 180, channels: 3 } })
      .png()
      .toBuffer()
    expect(photo.length).toBeGreaterThan(64 * 1024)
    const form = multipartBody(
      { categoryId: 1, description: 'Une photo plus lourde que 32 Ko', latitude: 14.7, longitude: -17.4 },
      [{ name: 'photo', filename: 'photo.png', contentType: 'image/png', data: photo }],
    )
    const filed = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      payload: form.payload,
      headers: { ...form.headers, 'x-forwarded-for': '198.18.7.10' },
    })
    expect(filed.statusCode).toBe(201)
  })

  it('refuses a NUL or half a surrogate pair written as a JSON escape, naming the field; the same letters as text pass', async () => {
    const echo = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      })
    for (const [payload, field] of [
      ['{"titre":"fin \\u0000"}', 'titre'],
      ['{"a":[{"b":"x"},{"c":"\\u0000"}]}', 'a.1.c'],
      ['{"nom":"\\uD83D"}', 'nom'],
      ['{"nom":"\\udE00 seul"}', 'nom'],
      ['{"nom":"\\uD83D\\uD83D\\uDE00"}', 'nom'],
      ['{"nom":"\\\\\\u0000"}', 'nom'],
    ] as const) {
      const res = await echo(payload)
      expect({ payload, status: res.statusCode, error: res.json().error }).toEqual({
        payload,
        status: 400,
        error: expect.objectContaining({ code: 'invalid_input', field }),
      })
    }
    // An escaped backslash before "u0000" is text, and a whole pair is an emoji.
    expect((await echo('{"chemin":"C:\\\\u0000","humeur":"\\uD83D\\uDE00"}')).json()).toEqual({
      chemin: 'C:\\u0000',
      humeur: '😀',
    })
  })

  it('answers a plain-text body with a 415: no route reads one', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: 'texte\u0000',
      headers: { 'content-type': 'text/plain' },
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.code).toBe('unsupported_media_type')
  })

  it('never shows internals in a 5xx body', async () => {
    const res = await ctx.app.inject('/api/test/crash')
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain('secret')
    expect(res.json()).toEqual({
      error: { code: 'internal', message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' },
    })
  })
})

describe('security headers', () => {
  it('sends a page a CSP without inline scripts, nosniff and frame protection', async () => {
    const res = await ctx.app.inject('/signaler')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain('https://*.tiles.example.org')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
  })

  it('sends what Fastify refuses before routing (bad percent-encoding, an over-long parameter) the same headers as every other answer', async () => {
    /** An answer's headers but those that differ from one answer to the next (its date, its length). */
    const headersOf = (res: LightMyRequestResponse) => {
      const { date: _date, 'content-length': _length, ...rest } = res.headers
      return rest
    }
    // The JSON error of an unknown address of the API, for comparison.
    const ordinary = await ctx.app.inject('/api/does-not-exist')
    expect(ordinary.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    for (const url of ['/api/reports/%zz', '/api/reports/track/%', `/api/reports/${'A'.repeat(500)}`]) {
      const refused = await ctx.app.inject(url)
      expect(refused.statusCode).toBeGreaterThanOrEqual(400)
      expect({ url, headers: headersOf(refused) }).toEqual({ url, headers: headersOf(ordinary) })
    }
    // A page's address refused the same way gets the page's security headers.
    const page = await ctx.app.inject('/signaler')
    const refusedPage = await ctx.app.inject('/signalements/%zz')
    expect(refusedPage.statusCode).toBe(400)
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'strict-transport-security',
      'referrer-policy',
    ]) {
      expect({ name, value: refusedPage.headers[name] }).toEqual({ name, value: page.headers[name] })
    }
  })

  it('sends the API’s data a policy that allows nothing to run, nosniff and frame protection', async () => {
    const res = await ctx.app.inject('/api/health')
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin')
  })
})

describe('Cache-Control', () => {
  it('tells every cache to keep no answer of the citizen, organisation, admin and auth areas, errors included', async () => {
    const admin = bearer(await loginAdmin(ctx.app))
    const organization = await createOrganization(ctx.db.db)
    const org = bearer(await loginOrganization(ctx.app, organization.email))
    const { citizenToken } = await fileReportAs(ctx.app)
    const device = { 'x-citizen-token': citizenToken }
    const json = { 'content-type': 'application/json' }
    const answers: [string, LightMyRequestResponse][] = []
    const ask = async (label: string, request: InjectOptions) => {
      answers.push([label, await ctx.app.inject(request)])
    }
    await ask('admin 200', { url: '/api/admin/stats', headers: admin })
    await ask('admin 401', { url: '/api/admin/stats' })
    await ask('admin 403', { url: '/api/admin/stats', headers: org })
    await ask('admin 400', { url: '/api/admin/reports?page=zero', headers: admin })
    await ask('admin 404', { url: '/api/admin/nothing-here', headers: admin })
    await ask('admin 400 before routing', { url: '/api/admin/reports/%zz', headers: admin })
    await ask('org 200', { url: '/api/org/me', headers: org })
    await ask('org 401', { url: '/api/org/me' })
    await ask('org 404', { url: '/api/org/reports/00000000-0000-4000-8000-000000000000', headers: org })
    await ask('citizen 200', { url: '/api/citizen/reports', headers: device })
    await ask('citizen 401', { url: '/api/citizen/reports' })
    await ask('auth 200', {
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...json, 'x-forwarded-for': '198.18.8.2' },
      payload: JSON.stringify({ userType: 'admin', ...TEST_ADMIN }),
    })
    await ask('auth 401', {
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...json, 'x-forwarded-for': '198.18.8.3' },
      payload: JSON.stringify({
        userType: 'admin',
        username: TEST_ADMIN.username,
        password: 'not-the-password',
      }),
    })
    await ask('auth 400', {
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...json, 'x-forwarded-for': '198.18.8.4' },
      payload: '{"userType":',
    })
    for (const [label, res] of answers) {
      expect({ label, status: res.statusCode, cacheControl: res.headers['cache-control'] }).toEqual({
        label,
        status: Number(label.split(' ')[1]),
        cacheControl: 'no-store',
      })
    }
  })

  it('leaves the public API’s answers as they were: no directive, caches decide by their own rules', async () => {
    for (const url of ['/api/reports/count', '/api/categories', '/api/does-not-exist', '/api/reports/%zz']) {
      expect({ url, cacheControl: (await ctx.app.inject(url)).headers['cache-control'] }).toEqual({
        url,
        cacheControl: undefined,
      })
    }
  })
})

describe('web app', () => {
  it('serves the page the browser renders for every path of the client-side router, never cached', async () => {
    for (const url of ['/', '/signaler', '/une/page/inconnue']) {
      const res = await ctx.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('sends the page compressed to a browser that accepts it', async () => {
    const brotli = await ctx.app.inject({
      url: '/signaler',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('<div id="root">')
    const gzip = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">')
    const plain = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain('<div id="root">')
  })

  it('tells the page which tile server to use', async () => {
    const res = await ctx.app.inject('/')
    expect(res.body).toContain(
      '<meta name="tile-url" content="https://{s}.tiles.example.org/{z}/{x}/{y}.png">',
    )
  })

  it('serves hashed assets precompressed and cached for a year', async () => {
    const res = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('serves the brotli copy to a browser that accepts it', async () => {
    const res = await ctx.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toContain('javascript')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script)
  })

  it('serves other public files with a short cache', async () => {
    const res = await ctx.app.inject('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('does not answer a missing asset with the page', async () => {
    const res = await ctx.app.inject('/api/unknown.js')
    expect(res.statusCode).toBe(404)
  })
})

describe('GET /api/docs', () => {
  it('describes the API in OpenAPI from the validation schemas', async () => {
    const res = await ctx.app.inject('/api/docs')
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/categories', '/api/reports/recent', '/api/reports/count']),
    )
    expect(
      doc.paths['/api/reports/count'].get.responses['200'].content['application/json'].schema,
    ).toMatchObject({
      type: 'object',
      properties: { count: { type: 'integer' } },
    })
  })
})
