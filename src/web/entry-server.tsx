// The web app rendered on the server (built by `vite build --ssr`, loaded by
// src/server/http/web-app.ts from its file): a page's HTML with its data, through React Router's
// static handler (the routes' loaders fill the page's query client) and React DOM's `prerender`,
// and what the browser needs to hydrate it. Same components, same texts, no browser.
// Its one export is `createPageRenderer`, checked against the type the server loads it with.

import { dehydrate } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import type { Manifest } from 'vite'
import type { Language } from '../domain/constants'
import { type PageHead, type PageMeta, pageHead } from '../domain/page'
import type {
  CreatePageRenderer,
  PageInfo,
  PageRequest,
  RenderedPage,
  WebSettings,
} from '../domain/page-renderer'
import { jsonForHtml, renderDocument } from './app/document'
import type { HydrationData } from './app/hydration'
import { pageFilesFrom } from './app/page-files'
import { AppProviders } from './app/providers'
import { createAppRoutes, loadRouteModule } from './app/router'
import { routeEntries } from './app/routes'
import { catalogueLoaders, DEFAULT_LANGUAGE, givePluralRule, i18next, startI18n } from './i18n'
import { loadNamespace } from './i18n/languages'
import { setApiTransport } from './lib/api-client'
import { pageSessionStore, SessionStoreContext } from './lib/auth/session-store'
import { categoriesQueryOptions } from './lib/categories'
import { firstPaintScript } from './lib/display-settings'
import { loadRenderedParts } from './lib/lazy-screens'
import { PageMetaSink } from './lib/page-meta'
import { createQueryClient } from './lib/query-client'
import { SiteContactsContext } from './lib/site-contacts'
import { renderedPageScript } from './lib/start-after-first-paint'

startI18n()

/**
 * The page's HTML once every Suspense boundary has resolved (the data is all there before
 * rendering), so that the page can be kept compressed and sent whole. An error outside every
 * boundary rejects (the server then sends the page the browser renders); one inside a boundary
 * leaves that part to the browser.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerender(element, {
    // Rendered whole: by default React moves a part that comes after 12.8 KB of HTML out of its
    // place, into a hidden element that an inline script puts back after the first paint. The page
    // then shifted under the reader, and without JavaScript those parts never showed.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  })
  return new Response(prelude).text()
}

let rendering: Promise<unknown> = Promise.resolve()

/**
 * One page rendered at a time, in its language: React's texts, dates and figures read the language
 * of the one i18next instance while it renders. The data is loaded before, concurrently; only the
 * rendering, work for the processor alone, waits its turn.
 */
function renderedInTurn<T>(language: Language, render: () => Promise<T>): Promise<T> {
  const turn = rendering.then(async () => {
    // The browser's plural rules, not Node's: the page hydrates with the texts it was rendered with.
    givePluralRule(language)
    await i18next.changeLanguage(language)
    try {
      return await render()
    } finally {
      await i18next.changeLanguage(DEFAULT_LANGUAGE)
    }
  })
  rendering = turn.catch(() => undefined)
  return turn
}

/** Every catalogue the page's code registered, in `language` (French is bundled). */
async function cataloguesIn(language: Language): Promise<void> {
  await Promise.all([...catalogueLoaders.keys()].map((namespace) => loadNamespace(namespace, language)))
}

/**
 * Renders one page's app, for one request: its own query client, session store and routes, so that
 * nothing of one request's session reaches another's rendering.
 */
async function renderApp(
  request: PageRequest,
  settings: WebSettings,
): Promise<{ redirect: string } | { status: number; html: string; head: PageHead; hydration: string }> {
  const queryClient = createQueryClient()
  // The page's queries go through the server as the visitor; its token never reaches the page.
  setApiTransport(queryClient, { fetch: request.fetch })
  const session = pageSessionStore(request.session)
  const handler = createStaticHandler(
    createAppRoutes({ queryClient, session: () => Promise.resolve(session.getState()), awaitData: true }),
  )
  const context = await handler.query(new Request(new URL(request.url, 'http://localhost')))
  if (context instanceof Response) return { redirect: context.headers.get('location') ?? '/' }
  let meta: PageMeta = {}
  if (request.language !== DEFAULT_LANGUAGE) {
    // The page's lower parts first: their code registers the namespaces they read, which must be
    // in the visitor's language before anything is rendered (else a part renders in French).
    await loadRenderedParts(context.matches.flatMap(({ route }) => (route.id ? [route.id] : [])))
    // Reports carry their category's French name: its translation comes with the categories.
    await Promise.all([
      cataloguesIn(request.language),
      queryClient.ensureQueryData(categoriesQueryOptions()).catch(() => undefined),
    ])
  }
  const html = await renderedInTurn(request.language, () =>
    renderToHtml(
      <PageMetaSink.Provider value={(said) => (meta = said)}>
        <SiteContactsContext.Provider
          value={{ contactEmail: settings.contactEmail, smsNumber: settings.smsNumber }}
        >
          <SessionStoreContext.Provider value={session}>
            <AppProviders queryClient={queryClient}>
              <StaticRouterProvider
                router={createStaticRouter(handler.dataRoutes, context)}
                context={context}
                hydrate={false}
              />
            </AppProviders>
          </SessionStoreContext.Provider>
        </SiteContactsContext.Provider>
      </PageMetaSink.Provider>,
    ),
  )
  const hydration: HydrationData = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    queries: dehydrate(queryClient),
    session: request.session,
  }
  // The screen rendered last is the page's own: what it said of itself is the page's head.
  const head = pageHead(meta, new URL(request.url, 'http://localhost').pathname, request.origin)
  return { status: context.statusCode, html, head, hydration: jsonForHtml(hydration) }
}

/** A segment of a route's path that matches any value: `:id`, or `*` (the not-found page). */
const isPathValue = (segment: string) => segment.startsWith(':') || segment === '*'

// The route table, for matching paths only (its loaders never run), and each route's module.
const MATCHING_ROUTES = createAppRoutes({
  queryClient: createQueryClient(),
  session: () => Promise.resolve(pageSessionStore(null).getState()),
  awaitData: false,
})
const ROUTE_FILES = new Map([...routeEntries()].map((entry) => [entry.id, entry.file]))

/** What the route modules of a path say of its page (their `handle`), and their files. */
async function pageOf(pathname: string): Promise<PageInfo> {
  const matches = (matchRoutes(MATCHING_ROUTES, pathname) ?? []).flatMap(({ route }) => {
    const file = route.id && ROUTE_FILES.get(route.id)
    return file ? [{ path: route.path, file }] : []
  })
  const modules = await Promise.all(matches.map(({ file }) => loadRouteModule(file)))
  const page = modules.at(-1)?.handle
  return {
    rendered: page?.rendered ?? null,
    parameters: page?.parameters ?? [],
    valueInPath: matches.some(({ path }) => path?.split('/').some(isPathValue) ?? false),
    screens: matches.map(({ file }) => `src/web/${file}.tsx`),
    frenchOnly: modules.some((module) => module.handle?.frenchOnly),
  }
}

export const createPageRenderer: CreatePageRenderer = ({ manifest, settings }) => {
  const filesOf = pageFilesFrom(manifest as Manifest)
  const startScript = renderedPageScript()
  const document = { settings, firstPaintScript: firstPaintScript() }
  return {
    pageOf,
    renderShell: (page) =>
      renderDocument({
        ...document,
        language: DEFAULT_LANGUAGE,
        files: filesOf(page.screens, DEFAULT_LANGUAGE),
      }),
    async renderPage(request): Promise<RenderedPage> {
      const app = await renderApp(request, settings)
      if ('redirect' in app) return { kind: 'redirect', location: app.redirect }
      const { pathname } = new URL(request.url, 'http://localhost')
      const html = renderDocument({
        ...document,
        language: request.language,
        files: filesOf(request.page.screens, request.language),
        head: app.head,
        app: { rendered: { ...app, pathname, frenchOnly: request.page.frenchOnly }, startScript },
      })
      return { kind: 'page', status: app.status, html }
    },
    inlineScripts: [document.firstPaintScript, startScript],
  }
}
