import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import { parse as parseCookie } from 'cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../domain/constants'
import { type PageHead, pageHeadMetas } from '../../domain/page'
import {
  APP_FILES_ID,
  CONTACT_EMAIL_META,
  FRENCH_ONLY_ATTRIBUTE,
  HYDRATION_DATA_ID,
  type PageRenderer,
  type PageSession,
  RENDERED_PATH_ATTRIBUTE,
  type RenderedPage,
  SMS_NUMBER_META,
} from '../../domain/page-renderer'
import { type Principal, sessionUserOf } from '../auth/principals'
import { sessionCookieOf } from '../auth/session-cookie'
import type { Config } from '../config'
import { type CompressedBody, compressBody, sendCompressed } from './compressed-body'
import { redactUrl } from './log-redaction'

const ONE_YEAR_S = 365 * 24 * 60 * 60
const ONE_DAY_S = 24 * 60 * 60
/** Where `vite build --ssr` puts the server's copy of the app, inside the built app, never served. */
const SERVER_BUILD_DIR = '.ssr'
/** The element the browser's app renders into. */
const ROOT_ELEMENT = '<div id="root"></div>'

/** One file of Vite's build manifest (dist/web/.vite/manifest.json). */
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

/** The built web app, read once at start-up. */
export interface WebBuild {
  webDir: string
  /** index.html with the run-time settings and the first-paint script, ready for a page's parts. */
  template: string
  /** The CSP sources of the page's inline scripts. */
  scriptHashes: string[]
  /** The rendered pages' inline script, which asks for the app's scripts after the first paint. */
  renderedPage: string
  renderer: PageRenderer | null
  manifest: Record<string, ManifestChunk>
}

/** Reads the built app; null when it has not been built (API-only tests). */
export async function loadWebBuild(
  webDir: string,
  settings: Pick<Config, 'tileUrl' | 'contactEmail' | 'sms'>,
): Promise<WebBuild | null> {
  const indexFile = path.join(webDir, 'index.html')
  if (!existsSync(indexFile)) return null
  const serverEntry = path.join(webDir, SERVER_BUILD_DIR, 'entry-server.js')
  // Loaded by its file, not imported: src/server never imports src/web (.dependency-cruiser.js).
  const renderer = existsSync(serverEntry)
    ? ((await import(pathToFileURL(serverEntry).href)) as { pageRenderer: PageRenderer }).pageRenderer
    : null
  const manifestFile = path.join(webDir, '.vite', 'manifest.json')
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {}
  // Dark pages are dark from their first paint: the theme is applied before the body is rendered.
  const firstPaint = renderer?.firstPaintScript() ?? ''
  // The tile server and the contact address are configured at run time; the page reads them
  // from these meta tags (the server's rendering is given the address with each page request).
  const headAdditions = [
    ...(firstPaint ? [`<script>${firstPaint}</script>`] : []),
    `<meta name="tile-url" content="${escapeAttribute(settings.tileUrl)}">`,
    `<meta name="${CONTACT_EMAIL_META}" content="${escapeAttribute(settings.contactEmail)}">`,
    ...(settings.sms
      ? [`<meta name="${SMS_NUMBER_META}" content="${escapeAttribute(settings.sms.number)}">`]
      : []),
  ].join('')
  const template = readFileSync(indexFile, 'utf8').replace('</head>', `${headAdditions}</head>`)
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`${indexFile} has no ${ROOT_ELEMENT}`)
  const renderedPage = renderer?.renderedPageScript() ?? ''
  // The inline scripts that may run: those two, and no other.
  const scriptHashes = [firstPaint, renderedPage]
    .filter(Boolean)
    .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  return { webDir, template, scriptHashes, renderedPage, renderer, manifest }
}

export type IndexResponder = (reply: FastifyReply) => Promise<FastifyReply>

/**
 * Serves the built web app: hashed assets precompressed (brotli, gzip) and cached for a year,
 * other public files for a day, and a page (never cached) for every path the router owns. A page
 * lists the files of its route modules so that they download with it. The route modules say which
 * pages React renders on the server: the public ones the same for everyone, kept compressed in the
 * read cache until a report changes; the signed-in ones for the session of the request's cookie,
 * with their data, or a redirect to their login page.
 */
export async function installWebApp(
  app: FastifyInstance,
  built: WebBuild | null,
): Promise<IndexResponder | null> {
  if (!built) return null
  const build = built
  const renderer = build.renderer
  await app.register(fastifyStatic, {
    root: build.webDir,
    index: false,
    preCompressed: true,
    // The raw index.html lacks the run-time settings, and the build's internals are not for browsers.
    allowedPath: (pathName) => pathName !== '/index.html' && !isBuildInternalPath(pathName),
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header(
        'cache-control',
        hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : `public, max-age=${ONE_DAY_S}`,
      )
    },
  })

  const shells = new Map<string, CompressedBody>()
  const entryFiles = staticFilesOf(build.manifest, entryKeys(build.manifest))

  /** The page of a path that the browser's app renders: the template and its screens' files. */
  function shell(screens: string[]): CompressedBody {
    const key = screens.join('|')
    let page = shells.get(key)
    if (!page) {
      page = compressBody(withScreenFiles(build, screens, entryFiles))
      shells.set(key, page)
    }
    return page
  }

  /** The page's HTML around what React rendered, with the data to hydrate it. */
  function pageAround(
    page: { pathname: string; screens: string[]; frenchOnly: boolean; language: Language },
    rendered: Extract<RenderedPage, { kind: 'page' }>,
  ) {
    const french = page.frenchOnly ? ` ${FRENCH_ONLY_ATTRIBUTE}` : ''
    // Rendered in English or Wolof: the app needs that language's texts to hydrate the page, so
    // they come with its screens' files, not after.
    const files = [...page.screens, ...catalogueKeys(build.manifest, page.language)]
    return afterTheFirstPaint(
      withHead(withScreenFiles(build, files, entryFiles), rendered.head),
      build.renderedPage,
    )
      .replace(TEMPLATE_HTML_LANGUAGE, `<html lang="${page.language}">`)
      .replace(
        ROOT_ELEMENT,
        `<div id="root" ${RENDERED_PATH_ATTRIBUTE}="${escapeAttribute(page.pathname)}"${french}>${rendered.html}</div>` +
          `<script type="application/json" id="${HYDRATION_DATA_ID}">${rendered.hydration}</script>`,
      )
  }

  /**
   * The API as a page rendered for `principal` reaches it: the server's own answers, as that visitor,
   * from that visitor's address (the limits count its lookups as its own).
   */
  async function apiCaller(principal: Principal | null, address: string) {
    const authorization = principal ? `Bearer ${await app.auth.accessTokenFor(principal)}` : undefined
    return async (url: string, init: { method: string; headers: Record<string, string> }) => {
      const answer = await app.inject({
        method: init.method as 'GET',
        url,
        remoteAddress: address,
        headers: { ...init.headers, ...(authorization ? { authorization } : {}) },
      })
      return { status: answer.statusCode, body: answer.body }
    }
  }

  /** A page, with whether it was rendered for the request's session (a signed-in page), or a redirect. */
  type Answer = { page: CompressedBody; status: number; forSession?: boolean } | { redirect: string }

  async function render(
    renderer: PageRenderer,
    page: {
      pageUrl: string
      pathname: string
      screens: string[]
      frenchOnly: boolean
      language: Language
      address: string
      origin: string | null
    },
    principal: Principal | null,
  ): Promise<Answer> {
    const session: PageSession | null = principal
      ? { user: sessionUserOf(principal), userType: principal.type }
      : null
    const rendered = await renderer.renderPage({
      url: page.pageUrl,
      origin: page.origin,
      language: page.language,
      contactEmail: app.deps.config.contactEmail,
      smsNumber: app.deps.config.sms?.number ?? null,
      session,
      callApi: await apiCaller(principal, page.address),
    })
    if (rendered.kind === 'redirect') return { redirect: rendered.location }
    return { page: compressBody(pageAround(page, rendered)), status: rendered.status }
  }

  async function answer(request: FastifyRequest): Promise<Answer> {
    const { pathname } = pageAddress(request.url, [])
    const info = await renderer?.pageOf(pathname)
    if (!renderer || !info?.rendered) return { page: shell(info?.screens ?? []), status: 200 }
    // A page rendered for a session is rendered for that visitor only, never cached: with its whole
    // address, as the app reads it (the admin's report filters), or the app would hydrate another
    // page than the one rendered. A page rendered for everyone keeps only the parameters it reads.
    const { pageUrl } = pageAddress(request.url, info.rendered === 'session' ? 'all' : info.parameters)
    // Sharing cards and canonical addresses are absolute, or WhatsApp shows no preview: the
    // configured origin, else the one the request came to (behind TRUST_PROXY, its forwarded one).
    const origin = app.deps.config.publicOrigin ?? requestOrigin(request)
    // The citizen pages in the visitor's language, written at the first paint; the signed-in areas in French.
    const language = info.frenchOnly ? DEFAULT_LANGUAGE : languageOf(request)
    const page = {
      pageUrl,
      pathname,
      screens: info.screens,
      frenchOnly: info.frenchOnly,
      language,
      address: request.ip,
      origin,
    }
    const cookie = sessionCookieOf(request)
    try {
      if (info.rendered === 'session') {
        const principal = cookie ? await app.auth.principalOfRefreshToken(cookie) : null
        const rendered = await render(renderer, page, principal)
        return 'page' in rendered ? { ...rendered, forSession: true } : rendered
      }
      // Kept until a report changes. A page asked with a parameter it reads (a code to look up),
      // or whose path carries a value (a report's id), is rendered for that visitor only: caching
      // one copy per value would let anyone fill the cache with pages no one else asks for.
      return pageUrl === pathname && !info.valueInPath
        ? await app.readCache.get(`page:${language}:${origin ?? ''}${pathname}`, () =>
            render(renderer, page, null),
          )
        : await render(renderer, page, null)
    } catch (error) {
      // The browser's app renders it then, as it renders every other page.
      app.log.error({ err: error, url: redactUrl(pageUrl) }, 'server rendering failed')
      return { page: shell(info.screens), status: 200 }
    }
  }

  const sendPage: IndexResponder = async (reply) => {
    const { request } = reply
    const result = await answer(request)
    if ('redirect' in result) return reply.header('cache-control', 'no-store').redirect(result.redirect, 302)
    // A page rendered for a session is that visitor's alone: kept by no cache, not even the
    // browser's (its back button after a logout). Every other page is checked again before use.
    reply
      .status(result.status)
      .header('cache-control', result.forSession ? 'no-store, private' : 'no-cache')
      // The same address is rendered in the language the cookie names.
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
    return sendCompressed(reply, result.page)
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply))
  return sendPage
}

/** The language the visitor's cookie names (the page writes it at its first paint); French otherwise. */
function languageOf(request: FastifyRequest): Language {
  const header = request.headers.cookie
  const chosen = header ? parseCookie(header)[LANGUAGE_COOKIE] : undefined
  return LANGUAGES.find((language) => language === chosen) ?? DEFAULT_LANGUAGE
}

/** The template's own <html> tag: a rendered page says the language it was rendered in. */
const TEMPLATE_HTML_LANGUAGE = /<html lang="[^"]*">/

/**
 * The manifest keys of the citizen side's texts in `language`, and of the code that switches to
 * it (none for French, which is bundled).
 */
function catalogueKeys(manifest: Record<string, ManifestChunk>, language: Language): string[] {
  if (language === DEFAULT_LANGUAGE) return []
  const catalogue = new RegExp(
    `^src/web/(i18n/languages|(i18n/(deferred/)?|features/citizen/i18n/)${language})\\.ts$`,
  )
  return Object.keys(manifest).filter((key) => catalogue.test(key))
}

/**
 * The origin a request came to, as its browser wrote it (Fastify reads the forwarded host and
 * protocol of a proxy that TRUST_PROXY names); null when its host is not one (a hostile Host).
 */
function requestOrigin(request: FastifyRequest): string | null {
  try {
    const origin = new URL(`${request.protocol}://${request.host}`)
    return origin.pathname === '/' && !origin.username && !origin.password ? origin.origin : null
  } catch {
    return null
  }
}

/**
 * A page's address as the server renders it: its path, and of the query only the parameters the
 * page reads, so that `/?utm_source=x` is the cached `/`.
 */
function pageAddress(url: string, read: readonly string[] | 'all'): { pathname: string; pageUrl: string } {
  const question = url.indexOf('?')
  const pathname = question === -1 ? url : url.slice(0, question)
  if (read === 'all') return { pathname, pageUrl: url }
  if (question === -1 || read.length === 0) return { pathname, pageUrl: pathname }
  const given = new URLSearchParams(url.slice(question + 1))
  const kept = new URLSearchParams()
  for (const name of read) {
    const value = given.get(name)
    if (value !== null) kept.set(name, value)
  }
  const query = kept.toString()
  return { pathname, pageUrl: query ? `${pathname}?${query}` : pathname }
}

/**
 * Files of the build that are not for browsers: Vite's manifests under `.vite/`, the server's
 * copy of the app under `.ssr/`, any other dot file, and source maps. Never served, and not
 * pages either: they are answered 404, not with the app's page.
 */
export function isBuildInternalPath(url: string): boolean {
  const question = url.indexOf('?')
  let pathname = question === -1 ? url : url.slice(0, question)
  try {
    pathname = decodeURIComponent(pathname)
  } catch {
    // not valid percent-encoding: checked as it came
  }
  return pathname.split('/').some((segment) => segment.startsWith('.')) || pathname.endsWith('.map')
}

function entryKeys(manifest: Record<string, ManifestChunk>): string[] {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .map(([key]) => key)
}

/** A chunk's file, the files it imports, and their styles: what the browser loads to run it. */
function staticFilesOf(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return files
}

/** The template with its screens' files listed in the head, beside the entry's. */
function withScreenFiles(build: WebBuild, screens: string[], entryFiles: Set<string>): string {
  const links = [...staticFilesOf(build.manifest, screens)]
    .filter((file) => !entryFiles.has(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
  return build.template.replace('</head>', `${links.join('')}</head>`)
}

/** The template's own title and metadata, which a rendered page's head replaces. */
const TEMPLATE_TITLE = /<title>[^<]*<\/title>/
const TEMPLATE_PAGE_METAS =
  /<meta\s+(?:name|property)="(?:description|keywords|robots|og:(?:title|description|type|image|url)|twitter:(?:card|title|description|image))"[^>]*>/g

/** The page's head as React rendered it: its title, description, sharing card and canonical address. */
function withHead(page: string, head: PageHead): string {
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    ...pageHeadMetas(head).map(
      ([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`,
    ),
    `<link rel="canonical" href="${escapeAttribute(head.url)}">`,
  ]
  return page
    .replace(TEMPLATE_TITLE, '')
    .replaceAll(TEMPLATE_PAGE_METAS, '')
    .replace('</head>', `${tags.join('')}</head>`)
}

function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
}

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * A page rendered by the server reads without its scripts: they are asked for once it has painted,
 * so that on a slow phone network they never share the line with its styles and its text. The
 * page's links work meanwhile; its buttons and forms once the app has hydrated it.
 */
function afterTheFirstPaint(page: string, script: string): string {
  const entry = [...page.matchAll(MODULE_SCRIPT)].map((match) => match[1])
  const preload = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1])
  if (entry.length !== 1) throw new Error(`the built page has ${entry.length} entry scripts, not one`)
  const files = jsonInScript({ entry: entry[0], preload })
  return page
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(
      '</body>',
      `<script type="application/json" id="${APP_FILES_ID}">${files}</script>` +
        `<script>${script}</script></body>`,
    )
}

/** JSON inside a <script> element: nothing in it can close the element. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c')
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}
