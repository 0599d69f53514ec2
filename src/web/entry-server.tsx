// The web app rendered on the server (built by `vite build --ssr`, loaded by
// src/server/http/web-app.ts from its file): the first screen of the public citizen pages as
// HTML, and the screen files each page will need. Same components, same French texts, no browser.
// Its one export is `pageRenderer`, checked against the interface the server types it with.
import './i18n'
import { PassThrough } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import type { FirstScreenData } from '../domain/first-screen'
import type { PageRenderer } from '../domain/page-renderer'
import { earlyReadsScript } from './app/early-reads'
import { codeAfterPaintScript, seedFirstScreen } from './app/first-screen'
import { AppProviders } from './app/providers'
import { routes } from './app/router'
import { firstPaintScript } from './lib/display-settings'
import type { ScreenHandle } from './lib/lazy-screens'
import { createQueryClient } from './lib/query-client'

const handler = createStaticHandler(routes)

/** The HTML of a page's first screen, as the app would draw it with this data. */
async function renderFirstScreen(url: string, data: FirstScreenData): Promise<string> {
  const context = await handler.query(new Request(url))
  if (context instanceof Response) throw new Error(`${url} answered a redirect, not a page`)
  const queryClient = createQueryClient()
  seedFirstScreen(queryClient, data)
  return renderToHtml(
    <AppProviders queryClient={queryClient}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppProviders>,
  )
}

/**
 * React DOM's streaming renderer, read to its end: every Suspense boundary resolved (the data is
 * all there before drawing), so that the page can be kept compressed and sent whole.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new PassThrough()
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      // An error outside every Suspense boundary: no page to send (the server falls back on the
      // page the browser draws). One inside a boundary is drawn by the browser instead.
      onShellError: reject,
    })
  })
}

/** The source files of the screens a path shows (Vite's manifest keys), outermost first. */
function screensOf(pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const handle = route.handle as ScreenHandle | undefined
    return handle?.screen ? [handle.screen] : []
  })
}

export const pageRenderer = {
  renderFirstScreen,
  screensOf,
  firstPaintScript,
  earlyReadsScript,
  codeAfterPaintScript,
} satisfies PageRenderer
