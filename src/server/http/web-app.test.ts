import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fileReportAs } from '../test/citizen'
import { buildTestApp, type TestContext } from '../test/helper'

// A stand-in for the built web app and its server copy (`vite build --ssr`), so that the pages
// drawn by the server are tested without a Vite build: it draws the count it is given, notes
// each address it draws in globalThis.draws, and fails on purpose for `/suivi?code=ECHEC`. Beside
// them, the build's internals: Vite's manifests and a source map.
const webDir = mkdtempSync(path.join(tmpdir(), 'ua-web-ssr-'))
mkdirSync(path.join(webDir, '.ssr'), { recursive: true })
mkdirSync(path.join(webDir, '.vite'), { recursive: true })
mkdirSync(path.join(webDir, 'assets'), { recursive: true })
const MANIFEST = '{"index.html":{"file":"assets/index-abc.js","src":"index.html","isEntry":true}}'
writeFileSync(path.join(webDir, '.vite', 'manifest.json'), MANIFEST)
writeFileSync(
  path.join(webDir, '.vite', 'chunk-modules.json'),
  '{"assets/index-abc.js":["src/web/main.tsx"]}',
)
writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'console.log("app")')
writeFileSync(path.join(webDir, 'assets', 'index-abc.js.map'), '{"sources":["src/web/main.tsx"]}')
writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html><html lang="fr"><head><title>Alertes</title>' +
    '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/shared-abc.js">' +
    '</head><body><div id="root"></div></body></html>',
)
const FIRST_PAINT = 'document.documentElement.dataset.theme = "light"'
const AFTER_PAINT = 'window.codeAfterPaint = true'
const EARLY_READS = 'window.earlyReads = []'
writeFileSync(
  path.join(webDir, '.ssr', 'entry-server.js'),
  `export const pageRenderer = {
     async renderFirstScreen(url, data) {
       ;(globalThis.draws ??= []).push(url)
       if (url.endsWith('code=ECHEC')) throw new Error('a screen used window')
       return '<p>' + (data.reportCount?.count ?? 'no count') + ' incident(s)</p>'
     },
     screensOf() { return [] },
     firstPaintScript() { return ${JSON.stringify(FIRST_PAINT)} },
     earlyReadsScript() { return ${JSON.stringify(EARLY_READS)} },
     codeAfterPaintScript() { return ${JSON.stringify(AFTER_PAINT)} },
   }`,
)

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

describe('pages drawn by the server', () => {
  it('carry the drawn screen, its data, and their scripts for after the first paint', async () => {
    const res = await ctx.app.inject('/')
    expect(res.statusCode).toBe(200)
    const count = (await ctx.app.inject('/api/reports/count')).json().count
    expect(res.body).toContain(`<div id="root" data-rendered-path="/"><p>${count} incident(s)</p></div>`)
    expect(res.body).toContain(
      `<script type="application/json" id="first-screen-data">{"reportCount":{"count":${count}}`,
    )
    // The scripts wait for the first frame: named, not loaded, then added by the inline loader.
    expect(res.body).not.toContain('<script type="module"')
    expect(res.body).toContain('<meta name="module-after-paint" content="/assets/index-abc.js">')
    expect(res.body).toContain('<meta name="modulepreload-after-paint" content="/assets/shared-abc.js">')
    expect(res.body).toContain(`<script>${AFTER_PAINT}</script></body>`)
    // The inline scripts, and no other, may run.
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain(sha256(FIRST_PAINT))
    expect(csp).toContain(sha256(EARLY_READS))
    expect(csp).toContain(sha256(AFTER_PAINT))
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  })

  it('are drawn again once a report is filed', async () => {
    const before = (await ctx.app.inject('/api/reports/count')).json().count
    expect((await ctx.app.inject('/')).body).toContain(`<p>${before} incident(s)</p>`)
    await fileReportAs(ctx.app)
    expect((await ctx.app.inject('/')).body).toContain(`<p>${before + 1} incident(s)</p>`)
  })

  it('leave the other pages to the browser, with their scripts loaded at once', async () => {
    const res = await ctx.app.inject('/organization/available-reports')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">')
    expect(res.body).not.toContain('first-screen-data')
    // Its data is asked for by the page itself while the code downloads, from the head.
    expect(res.body).toContain(`<script>${EARLY_READS}</script>`)
    expect(res.body.indexOf(EARLY_READS)).toBeLessThan(res.body.indexOf('</head>'))
    expect(String(res.headers['content-security-policy'])).toContain(sha256(EARLY_READS))
  })

  it('are drawn once for every address that differs only by parameters they do not read', async () => {
    const draws = () => (globalThis as { draws?: string[] }).draws ?? []
    const bare = await ctx.app.inject('/')
    const before = draws().length
    for (const url of ['/?utm_source=x', '/?foo=1&bar=2', '/?', '/?code=ABCD2345']) {
      const res = await ctx.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(bare.body)
    }
    // Served from the page cache: not drawn again.
    expect(draws().length).toBe(before)
    // A page that reads a parameter is drawn with it, and without the others.
    await ctx.app.inject('/suivi?utm_source=x&code=ABCD2345&foo=1')
    expect(draws().slice(before)).toEqual(['http://localhost/suivi?code=ABCD2345'])
    // Pages the browser draws are the same whatever their query.
    expect((await ctx.app.inject('/carte?foo=1')).body).toBe((await ctx.app.inject('/carte')).body)
  })

  it('fall back to the page the browser draws when drawing fails, and say so in the log', async () => {
    const res = await ctx.app.inject('/suivi?code=ECHEC')
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">')
    expect(logs.join('')).toContain('server rendering failed')
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
      expect(res.body).not.toContain('renderFirstScreen')
    }
  })
})
