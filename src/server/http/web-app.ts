import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  CODE_AFTER_PAINT,
  FIRST_SCREEN_DATA_ID,
  type FirstScreenData,
  type FirstScreenPart,
  PRERENDERED_PAGE_PARAMETERS,
  PRERENDERED_PAGES,
  RENDERED_PATH_ATTRIBUTE,
} from '../../domain/first-screen'
import type { PageRenderer } from '../../domain/page-renderer'
import { listCategories } from '../categories/repository'
import { cachedRecentReports, cachedReportCount } from '../reports/public-reads'
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
  /** The inline script of a drawn page that fetches its code after the first paint. */
  codeAfterPaint: string
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
  const inlineScripts = [
    // Dark pages are dark from their first paint: the theme is applied before the body is drawn.
    renderer?.firstPaintScript() ?? '',
    // A signed-in page asks for its data while its code downloads.
    renderer?.earlyReadsScript() ?? '',
  ].filter(Boolean)
  // The tile server is configured at run time; the page reads it from this meta tag.
  const headAdditions = [
    ...inlineScripts.map((script) => `<script>${script}</script>`),
    `<meta name="tile-url" content="${escapeAttribute(tileUrl)}">`,
  ].join('')
  const template = readFileSync(indexFile, 'utf8').replace('</head>', `${headAdditions}</head>`)
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`${indexFile} has no ${ROOT_ELEMENT}`)
  const codeAfterPaint = renderer?.codeAfterPaintScript() ?? ''
  const scriptHashes = [...inlineScripts, codeAfterPaint]
    .filter(Boolean)
    .map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)
  return { webDir, template, scriptHashes, codeAfterPaint, renderer, manifest }
}

export type IndexResponder = (reply: FastifyReply) => Promise<FastifyReply>

/**
 * Serves the built web app: hashed assets precompressed (brotli, gzip) and cached for a year,
 * other public files for a day, and a page (never cached) for every path the client-side router
 * owns. A page lists the files of its screens so that they download with it; the public citizen
 * pages come drawn by the server with the data they show (PRERENDERED_PAGES), kept compressed in
 * the read cache until a report changes.
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
  function shell(pathname: string): CompressedBody {
    const screens = renderer?.screensOf(pathname) ?? []
    const key = screens.join('|')
    let page = shells.get(key)
    if (!page) {
      page = compressBody(withScreenFiles(build, screens, entryFiles))
      shells.set(key, page)
    }
    return page
  }

  async function drawn(
    renderer: PageRenderer,
    url: string,
    pathname: string,
    parts: readonly FirstScreenPart[],
  ): Promise<CompressedBody> {
    const data = await firstScreenData(app, parts)
    const html = await renderer.renderFirstScreen(`http://localhost${url}`, data)
    const page = codeAfterPaint(
      withScreenFiles(build, renderer.screensOf(pathname), entryFiles),
      build.codeAfterPaint,
    ).replace(
      ROOT_ELEMENT,
      `<div id="root" ${RENDERED_PATH_ATTRIBUTE}="${escapeAttribute(pathname)}">${html}</div>` +
        `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonForHtml(data)}</script>`,
    )
    return compressBody(page)
  }

  async function page(url: string): Promise<CompressedBody> {
    const { pathname, pageUrl } = pageAddress(url)
    const parts = PRERENDERED_PAGES[pathname]
    if (!parts || !renderer) return shell(pathname)
    try {
      // Kept until a report changes. A page asked with a parameter it reads (a code to look up)
      // is drawn for that visitor only: caching one copy per value would let anyone fill the
      // cache with pages no one else asks for.
      return pageUrl === pathname
        ? await app.readCache.get(`page:${pathname}`, () => drawn(renderer, pathname, pathname, parts))
        : await drawn(renderer, pageUrl, pathname, parts)
    } catch (error) {
      // The browser's app draws it then, as it draws every other page.
      app.log.error({ err: error, url: pageUrl }, 'server rendering failed')
      return shell(pathname)
    }
  }

  const sendPage: IndexResponder = async (reply) => {
    const compressed = await page(reply.request.url)
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    return sendCompressed(reply, compressed)
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply))
  return sendPage
}

/**
 * A page's address as the server draws it: its path, and of the query only the parameters the
 * page reads (PRERENDERED_PAGE_PARAMETERS), so that `/?utm_source=x` is the cached `/`.
 */
function pageAddress(url: string): { pathname: string; pageUrl: string } {
  const question = url.indexOf('?')
  const pathname = question === -1 ? url : url.slice(0, question)
  const read = PRERENDERED_PAGE_PARAMETERS[pathname] ?? []
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

/** The data a drawn page shows, read as the API serves it (the same cached answers). */
async function firstScreenData(
  app: FastifyInstance,
  parts: readonly FirstScreenPart[],
): Promise<FirstScreenData> {
  const data: FirstScreenData = {}
  for (const part of parts) {
    switch (part) {
      case 'reportCount':
        data.reportCount = JSON.parse((await cachedReportCount(app)).text)
        break
      case 'recentReports':
        data.recentReports = JSON.parse((await cachedRecentReports(app)).text)
        break
      case 'categories':
        data.categories = await listCategories(app.deps.db.db)
        break
    }
  }
  return data
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
 * A drawn page is read before its code runs: its scripts are named in meta elements and fetched
 * by its inline loader once the first frame is drawn (CODE_AFTER_PAINT), so that on a slow
 * network the style sheet and the images come first.
 */
function codeAfterPaint(html: string, loader: string): string {
  return html
    .replaceAll(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/g,
      `<meta name="${CODE_AFTER_PAINT.module}" content="$1">`,
    )
    .replaceAll(
      /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
      `<meta name="${CODE_AFTER_PAINT.modulepreload}" content="$1">`,
    )
    .replace('</body>', `<script>${loader}</script></body>`)
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}
