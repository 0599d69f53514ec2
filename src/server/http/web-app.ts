import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  type DrawnPage,
  HYDRATION_DATA_ID,
  type PageRenderer,
  type PageSession,
  RENDERED_PATH_ATTRIBUTE,
} from '../../domain/page-renderer'
import { type Principal, sessionUserOf } from '../auth/principals'
import { sessionCookieOf } from '../auth/session-cookie'
import { type CompressedBody, compressBody, sendCompressed } from './compressed-body'

const ONE_YEAR_S = 365 * 24 * 60 * 60
const ONE_DAY_S = 24 * 60 * 60
/** Where `vite build --ssr` puts the server's copy of the app, inside the built app, never served. */
const SERVER_BUILD_DIR = '.ssr'
/** The element the browser's app draws into. */
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
  renderer: PageRenderer | null
  manifest: Record<string, ManifestChunk>
}

/** Reads the built app; null when it has not been built (API-only tests). */
export async function loadWebBuild(webDir: string, tileUrl: string): Promise<WebBuild | null> {
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
  // Dark pages are dark from their first paint: the theme is applied before the body is drawn.
  const inlineScripts = [renderer?.firstPaintScript() ?? ''].filter(Boolean)
  // The tile server is configured at run time; the page reads it from this meta tag.
  const headAdditions = [
    ...inlineScripts.map((script) => `<script>${script}</script>`),
    `<meta name="tile-url" content="${escapeAttribute(tileUrl)}">`,
  ].join('')
  const template = readFileSync(indexFile, 'utf8').replace('</head>', `${headAdditions}</head>`)
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`${indexFile} has no ${ROOT_ELEMENT}`)
  const scriptHashes = inlineScripts.map(
    (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  )
  return { webDir, template, scriptHashes, renderer, manifest }
}

export type IndexResponder = (reply: FastifyReply) => Promise<FastifyReply>

/**
 * Serves the built web app: hashed assets precompressed (brotli, gzip) and cached for a year,
 * other public files for a day, and a page (never cached) for every path the router owns. A page
 * lists the files of its screens so that they download with it. The route manifest says which
 * pages React draws on the server: the public ones the same for everyone, kept compressed in the
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

  /** The page of a path that the browser's app draws: the template and its screens' files. */
  function shell(screens: string[]): CompressedBody {
    const key = screens.join('|')
    let page = shells.get(key)
    if (!page) {
      page = compressBody(withScreenFiles(build, screens, entryFiles))
      shells.set(key, page)
    }
    return page
  }

  /** The page's HTML around what React drew, with the data to take it over. */
  function pageAround(pathname: string, screens: string[], drawn: Extract<DrawnPage, { kind: 'page' }>) {
    return afterTheFirstPaint(withScreenFiles(build, screens, entryFiles)).replace(
      ROOT_ELEMENT,
      `<div id="root" ${RENDERED_PATH_ATTRIBUTE}="${escapeAttribute(pathname)}">${drawn.html}</div>` +
        `<script type="application/json" id="${HYDRATION_DATA_ID}">${drawn.hydration}</script>`,
    )
  }

  /**
   * The API as a page drawn for `principal` reaches it: the server's own answers, as that visitor,
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

  type Answer = { page: CompressedBody; status: number } | { redirect: string }

  async function draw(
    renderer: PageRenderer,
    page: { pageUrl: string; pathname: string; screens: string[]; address: string },
    principal: Principal | null,
  ): Promise<Answer> {
    const session: PageSession | null = principal
      ? { user: sessionUserOf(principal), userType: principal.type }
      : null
    const drawn = await renderer.drawPage({
      url: page.pageUrl,
      session,
      callApi: await apiCaller(principal, page.address),
    })
    if (drawn.kind === 'redirect') return { redirect: drawn.location }
    return { page: compressBody(pageAround(page.pathname, page.screens, drawn)), status: drawn.status }
  }

  async function answer(url: string, address: string, cookie: string | undefined): Promise<Answer> {
    const { pathname } = pageAddress(url, [])
    const info = renderer?.pageOf(pathname)
    if (!renderer || !info?.drawn) return { page: shell(info?.screens ?? []), status: 200 }
    const { pageUrl } = pageAddress(url, info.parameters)
    const page = { pageUrl, pathname, screens: info.screens, address }
    try {
      if (info.drawn === 'session') {
        const principal = cookie ? await app.auth.principalOfRefreshToken(cookie) : null
        return await draw(renderer, page, principal)
      }
      // Kept until a report changes. A page asked with a parameter it reads (a code to look up)
      // is drawn for that visitor only: caching one copy per value would let anyone fill the
      // cache with pages no one else asks for.
      return pageUrl === pathname
        ? await app.readCache.get(`page:${pathname}`, () => draw(renderer, page, null))
        : await draw(renderer, page, null)
    } catch (error) {
      // The browser's app draws it then, as it draws every other page.
      app.log.error({ err: error, url: pageUrl }, 'server rendering failed')
      return { page: shell(info.screens), status: 200 }
    }
  }

  const sendPage: IndexResponder = async (reply) => {
    const { request } = reply
    const result = await answer(request.url, request.ip, sessionCookieOf(request))
    if ('redirect' in result) return reply.header('cache-control', 'no-store').redirect(result.redirect, 302)
    // Never kept by a cache: a page drawn for a session is that visitor's alone.
    reply.status(result.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    return sendCompressed(reply, result.page)
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply))
  return sendPage
}

/**
 * A page's address as the server draws it: its path, and of the query only the parameters the
 * page reads, so that `/?utm_source=x` is the cached `/`.
 */
function pageAddress(url: string, read: readonly string[]): { pathname: string; pageUrl: string } {
  const question = url.indexOf('?')
  const pathname = question === -1 ? url : url.slice(0, question)
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

/**
 * A page drawn by the server shows without its scripts: they are fetched at low priority, so that
 * on a slow network they never hold back the styles, the images or the page's first paint.
 */
function afterTheFirstPaint(page: string): string {
  return page
    .replaceAll(
      '<script type="module" crossorigin src=',
      '<script type="module" fetchpriority="low" crossorigin src=',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin href=',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href=',
    )
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}
