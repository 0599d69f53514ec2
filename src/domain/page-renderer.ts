import type { SessionUser, UserType } from './auth'
import type { Language } from './constants'

/**
 * What the server's copy of the web app offers: src/web/entry-server.tsx, built by
 * `vite build --ssr` and loaded at start-up by src/server/http/web-app.ts from its file. The server
 * never imports src/web, so this interface is the one thing the two share about it: the entry
 * exports a `createPageRenderer` that satisfies it, and the server types what it loads with it.
 */

/** The signed-in visitor a page is rendered for: whom the session cookie of its request names. */
export interface PageSession {
  user: SessionUser
  userType: UserType
}

/** The settings a page is rendered with, configured at run time (TILE_URL, CONTACT_EMAIL, SMS_NUMBER). */
export interface WebSettings {
  tileUrl: string
  contactEmail: string
  /** The number citizens text (E.164); null: no SMS channel. */
  smsNumber: string | null
}

export interface PageRequest {
  /** The page's path and the query parameters it reads. */
  url: string
  /** What its route modules say of it (`pageOf`). */
  page: PageInfo
  /** The site's public origin, for the page's canonical address; null when unknown. */
  origin: string | null
  /** The visitor's choice; French on the French-only areas. */
  language: Language
  session: PageSession | null
  /** The API as this page's queries reach it: answered by the server itself, as `session`. */
  fetch(path: string, init: RequestInit): Promise<Response>
}

export type RenderedPage =
  | { kind: 'page'; status: number; html: string }
  /** A signed-in page asked without the session it needs: its area's login page. */
  | { kind: 'redirect'; location: string }

/** What the route modules of a path say of its page. */
export interface PageInfo {
  /** `public`: the same page for everyone; `session`: rendered for the cookie's session; null: by the browser. */
  rendered: 'public' | 'session' | null
  /** The query parameters its screens read. */
  parameters: readonly string[]
  /**
   * Its path carries a value (a report's id, any path the route table does not know): the server
   * renders it for each request and never keeps it, or anyone could fill the read cache with pages
   * of made-up values.
   */
  valueInPath: boolean
  /** The source files of its screens (Vite's manifest keys), outermost first. */
  screens: string[]
  /** An organisation or admin page: it reads French whatever language the visitor chose. */
  frenchOnly: boolean
}

export interface PageRenderer {
  pageOf(pathname: string): Promise<PageInfo>
  renderPage(request: PageRequest): Promise<RenderedPage>
  /** The page of a path the browser renders: the document, its files, and an empty #root. */
  renderShell(page: PageInfo): string
  /** The pages' inline scripts, which the CSP allows by their hash. */
  inlineScripts: readonly string[]
}

/** The server build's one export: a renderer for the build of its manifest (`.vite/manifest.json`). */
export type CreatePageRenderer = (build: { manifest: unknown; settings: WebSettings }) => PageRenderer
