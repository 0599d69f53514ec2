import type { FirstScreenData } from './first-screen'

/**
 * What the server's copy of the web app offers: src/web/entry-server.tsx, built by
 * `vite build --ssr` and loaded at start-up by src/server/http/web-app.ts from its file. The server
 * never imports src/web, so this interface is the one thing the two share about it: the entry
 * exports a `pageRenderer` that satisfies it, and the server types what it loads with it.
 */
export interface PageRenderer {
  /** The HTML of a page's first screen, as the app would draw it with this data. */
  renderFirstScreen(url: string, data: FirstScreenData): Promise<string>
  /** The source files of the screens a path shows (Vite's manifest keys), outermost first. */
  screensOf(pathname: string): string[]
  /** The inline script that applies the stored display settings (theme…) before the first paint. */
  firstPaintScript(): string
  /** The inline script that asks for a signed-in page's data while its code downloads. */
  earlyReadsScript(): string
  /** The inline script of a drawn page that fetches its code after the first paint. */
  codeAfterPaintScript(): string
}
