import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import { parse as parseCookie } from 'cookie'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '../../domain/constants'
import type { CreatePageRenderer, PageInfo, PageRenderer, PageSession } from '../../domain/page-renderer'
import { type Principal, sessionUserOf } from '../auth/principals'
import { sessionCookieOf } from '../auth/session-cookie'
import type { Config } from '../config'
import { type CompressedBody, compressBody, sendCompressed } from './compressed-body'
import { redactUrl } from './log-redaction'

const ONE_YEAR_S = 365 * 24 * 60 * 60
const ONE_DAY_S = 24 * 60 * 60
/** Where `vite build --ssr` puts the server's copy of the app, inside the built app, never served. */
const SERVER_BUILD_DIR = '.ssr'

/** The built web app, read once at start-up. */
export interface WebBuild {
  webDir: string
  renderer: PageRenderer
  /** The CSP sources of the pages' inline scripts. */
  scriptHashes: string[]
}

/** Reads the built app and its server copy; null when it has not been built (API-only tests). */
export async function loadWebBuild(
  webDir: string,
  settings: Pick<Config, 'tileUrl' | 'contactEmail' | 'sms'>,
): Promise<WebBuild | null> {
  const manifestFile = path.join(webDir, '.vite', 'manifest.json')
  const serverEntry = path.join(webDir, SERVER_BUILD_DIR, 'entry-server.js')
  if (!existsSync(manifestFile)) return null
  // Loaded by its file, not imported: src/server never imports src/web (.dependency-cruiser.js).
  const { createPageRenderer } = existsSync(serverEntry)
    ? ((await import(pathToFileURL(serverEntry).href)) as { createPageRenderer?: CreatePageRenderer })
    : {}
  if (!createPageRenderer) {
    throw new Error(
      `${webDir} holds no server copy of the app, or one older than this server: run npm run build`,
    )
  }
  const renderer = createPageRenderer({
    manifest: JSON.parse(readFileSync(manifestFile, 'utf8')),
    settings: {
      tileUrl: settings.tileUrl,
      contactEmail: settings.contactEmail,
      smsNumber: settings.sms?.number ?? null,
    },
  })
  const scriptHashes = renderer.inlineScripts.map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  )
  return { webDir, renderer, scriptHashes }
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
  const { renderer } = built
  await app.register(fastifyStatic, {
    root: built.webDir,
    index: false,
    preCompressed: true,
    // The built index.html is the build's entry, not a page; the build's internals are not for browsers.
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

  /** The page of a path that the browser's app renders: the document and its screens' files. */
  function shell(page: PageInfo): CompressedBody {
    const key = page.screens.join('|')
    let body = shells.get(key)
    if (!body) {
      body = compressBody(renderer.renderShell(page))
      shells.set(key, body)
    }
    return body
  }

  /**
   * The API as a page rendered for `principal` reaches it: the server's own answers, as that visitor,
   * from that visitor's address (the limits count its lookups as its own).
   */
  async function apiFor(principal: Principal | null, address: string) {
    const authorization = principal ? `Bearer ${await app.auth.accessTokenFor(principal)}` : undefined
    return async (url: string, init: RequestInit) => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        remoteAddress: address,
        headers: {
          ...Object.fromEntries(new Headers(init.headers)),
          ...(authorization ? { authorization } : {}),
        },
      })
      return new Response(answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': 'application/json' },
      })
    }
  }

  /** A page, with whether it was rendered for the request's session (a signed-in page), or a redirect. */
  type Answer = { page: CompressedBody; status: number; forSession?: boolean } | { redirect: string }

  async function render(
    page: { pageUrl: string; info: PageInfo; language: Language; address: string; origin: string | null },
    principal: Principal | null,
  ): Promise<Answer> {
    const session: PageSession | null = principal
      ? { user: sessionUserOf(principal), userType: principal.type }
      : null
    const rendered = await renderer.renderPage({
      url: page.pageUrl,
      page: page.info,
      origin: page.origin,
      language: page.language,
      session,
      fetch: await apiFor(principal, page.address),
    })
    if (rendered.kind === 'redirect') return { redirect: rendered.location }
    return { page: compressBody(rendered.html), status: rendered.status }
  }

  async function answer(request: FastifyRequest): Promise<Answer> {
    const { pathname } = pageAddress(request.url, [])
    const info = await renderer.pageOf(pathname)
    if (!info.rendered) return { page: shell(info), status: 200 }
    // A page rendered for a session is rendered for that visitor only, never cached: with its whole
    // address, as the app reads it (the admin's report filters), or the app would hydrate another
    // page than the one rendered. A page rendered for everyone keeps only the parameters it reads.
    const { pageUrl } = pageAddress(request.url, info.rendered === 'session' ? 'all' : info.parameters)
    // Sharing cards and canonical addresses are absolute, or WhatsApp shows no preview: the
    // configured origin, else the one the request came to (behind TRUST_PROXY, its forwarded one).
    const origin = app.deps.config.publicOrigin ?? requestOrigin(request)
    // The citizen pages in the visitor's language, written at the first paint; the signed-in areas in French.
    const language = info.frenchOnly ? DEFAULT_LANGUAGE : languageOf(request)
    const page = { pageUrl, info, language, address: request.ip, origin }
    const cookie = sessionCookieOf(request)
    try {
      if (info.rendered === 'session') {
        const principal = cookie ? await app.auth.principalOfRefreshToken(cookie) : null
        const rendered = await render(page, principal)
        return 'page' in rendered ? { ...rendered, forSession: true } : rendered
      }
      // Kept until a report changes. A page asked with a parameter it reads (a code to look up),
      // or whose path carries a value (a report's id), is rendered for that visitor only: caching
      // one copy per value would let anyone fill the cache with pages no one else asks for.
      return pageUrl === pathname && !info.valueInPath
        ? await app.readCache.get(`page:${language}:${origin ?? ''}${pathname}`, () => render(page, null))
        : await render(page, null)
    } catch (error) {
      // The browser's app renders it then, as it renders every other page.
      app.log.error({ err: error, url: redactUrl(pageUrl) }, 'server rendering failed')
      return { page: shell(info), status: 200 }
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
