import { renderToStaticMarkup } from 'react-dom/server'
import type { Language } from '../../domain/constants'
import {
  DEFAULT_PAGE_META,
  NO_JAVASCRIPT_MESSAGE,
  type PageHead,
  pageHead,
  pageHeadMetas,
} from '../../domain/page'
import type { WebSettings } from '../../domain/page-renderer'
import { FIRST_PAINT_SETTINGS } from '../lib/display-settings'
import {
  APP_FILES_ID,
  CONTACT_EMAIL_META,
  FRENCH_ONLY_ATTRIBUTE,
  HYDRATION_DATA_ID,
  RENDERED_PATH_ATTRIBUTE,
  SMS_NUMBER_META,
  TILE_URL_META,
} from '../lib/page-markup'
import type { PageFiles } from './page-files'

/** What the server rendered inside #root, and the data the browser hydrates it with. */
interface RenderedApp {
  html: string
  /** The hydration data, as JSON safe inside a <script> element (`jsonForHtml`). */
  hydration: string
  pathname: string
  frenchOnly: boolean
}

interface DocumentProps {
  language: Language
  settings: WebSettings
  files: PageFiles
  /** The theme and text size, applied before the first paint. */
  firstPaintScript: string
  /** The page's own head; absent on a page the browser renders, which sets its own. */
  head?: PageHead
  /** Absent: the browser renders the page. */
  app?: { rendered: RenderedApp; startScript: string }
}

/** The tile server, connected to early: the map's first tiles come from it. Null for `{s}` hosts. */
function tileOrigin(tileUrl: string): string | null {
  try {
    const { origin } = new URL(tileUrl)
    return origin.includes('{') ? null : origin
  } catch {
    return null
  }
}

/**
 * The whole page, as React Router's framework mode writes it in `root.tsx`. A page the server
 * rendered asks for its scripts once it has painted (`startScript`); one the browser renders lists
 * them in its head.
 */
function Document({ language, settings, files, firstPaintScript, head, app }: DocumentProps) {
  const pageHeadOrDefault = head ?? pageHead({}, '', null)
  const tiles = tileOrigin(settings.tileUrl)
  return (
    <html lang={language}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={FIRST_PAINT_SETTINGS.themeColor.light} />
        <title>{pageHeadOrDefault.title}</title>
        {pageHeadMetas(pageHeadOrDefault).map(([attribute, key, content]) =>
          // A page the browser renders writes its own address once it knows it.
          !head && key === 'og:url' ? null : <meta key={key} {...{ [attribute]: key }} content={content} />,
        )}
        {head && <link rel="canonical" href={head.url} />}
        <meta property="og:site_name" content={DEFAULT_PAGE_META.siteName} />
        <meta property="og:locale" content="fr_SN" />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        {/* Configured at run time: the browser's app reads them here. */}
        <meta name={TILE_URL_META} content={settings.tileUrl} />
        <meta name={CONTACT_EMAIL_META} content={settings.contactEmail} />
        {settings.smsNumber && <meta name={SMS_NUMBER_META} content={settings.smsNumber} />}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {tiles && <link rel="preconnect" href={tiles} />}
        {files.styles.map((href) => (
          <link key={href} rel="stylesheet" crossOrigin="" href={href} />
        ))}
        {/* Dark pages are dark from their first paint; after the styles, as the page had it before. */}
        <InlineScript code={firstPaintScript} />
        {!app && <script type="module" crossOrigin="" src={files.entry} />}
        {!app &&
          files.preload.map((href) => <link key={href} rel="modulepreload" crossOrigin="" href={href} />)}
      </head>
      <body className="bg-slate-50 text-slate-900 antialiased">
        <noscript>{NO_JAVASCRIPT_MESSAGE}</noscript>
        {app ? (
          <>
            <div
              id="root"
              {...{ [RENDERED_PATH_ATTRIBUTE]: app.rendered.pathname }}
              {...(app.rendered.frenchOnly ? { [FRENCH_ONLY_ATTRIBUTE]: '' } : {})}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own HTML, rendered by React just before
              dangerouslySetInnerHTML={{ __html: app.rendered.html }}
            />
            <InlineScript id={HYDRATION_DATA_ID} json={app.rendered.hydration} />
            <InlineScript
              id={APP_FILES_ID}
              json={jsonForHtml({ entry: files.entry, preload: files.preload })}
            />
            <InlineScript code={app.startScript} />
          </>
        ) : (
          <div id="root" />
        )}
      </body>
    </html>
  )
}

/** An inline script of our own code (allowed by the CSP's hash), or data as JSON made safe by `jsonForHtml`. */
function InlineScript(props: { code: string } | { id: string; json: string }) {
  const content = 'code' in props ? props.code : props.json
  return (
    <script
      {...('id' in props ? { id: props.id, type: 'application/json' } : {})}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: written by this app, never by a visitor (see above)
      dangerouslySetInnerHTML={{ __html: content }}
    />
  )
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

export function renderDocument(props: DocumentProps): string {
  return `<!doctype html>${renderToStaticMarkup(<Document {...props} />)}`
}
