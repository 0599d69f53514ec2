import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A stand-in for the built web app (Vite's manifest, an entry script) and its server copy
 * (`vite build --ssr`), so that serving is tested without a Vite build. Its documents are plain:
 * they show the settings and the request the server gave them. The real documents are tested in
 * src/web/app/document.test.tsx, and the whole in e2e/server-rendered-pages.spec.ts.
 *
 * `pages` is JavaScript defining `pageOf(pathname)` and `renderApp(request, settings)`, which
 * returns `{ status, html }` or `{ redirect }`; `documentOf(settings, language, head, root)` is in
 * scope. Returns the build's folder.
 */
export function writeWebBuild(pages: string): string {
  const webDir = mkdtempSync(path.join(tmpdir(), 'ua-web-'))
  for (const folder of ['.ssr', '.vite', 'assets']) mkdirSync(path.join(webDir, folder))
  writeFileSync(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', src: 'index.html', isEntry: true } }),
  )
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js'), 'console.log("app")')
  // The build's internals, never served.
  writeFileSync(
    path.join(webDir, '.vite', 'chunk-modules.json'),
    '{"assets/index-abc.js":["src/web/main.tsx"]}',
  )
  writeFileSync(path.join(webDir, 'assets', 'index-abc.js.map'), '{"sources":["src/web/main.tsx"]}')
  writeFileSync(
    path.join(webDir, '.ssr', 'entry-server.js'),
    `const documentOf = (settings, language, head, root) =>
       '<!doctype html><html lang="' + language + '"><head><script>${STAND_IN_SCRIPTS.firstPaint}</script>' + head +
       '<meta name="tile-url" content="' + settings.tileUrl + '">' +
       '<meta name="contact-email" content="' + settings.contactEmail + '">' +
       (settings.smsNumber ? '<meta name="sms-number" content="' + settings.smsNumber + '">' : '') +
       '<script type="module" src="/assets/index-abc.js"></script></head><body>' + root + '</body></html>'
     ${pages}
     export const createPageRenderer = ({ settings }) => ({
       pageOf,
       renderShell: (page) => documentOf(settings, 'fr', '<title>Alertes</title>' +
         page.screens.map((screen) => '<link rel="modulepreload" href="/' + screen + '">').join(''), '<div id="root"></div>'),
       async renderPage(request) {
         const app = await renderApp(request, settings)
         if (app.redirect) return { kind: 'redirect', location: app.redirect }
         const root = '<div id="root" data-rendered-path="' + new URL(request.url, 'http://x').pathname + '">' + app.html + '</div>'
         return { kind: 'page', status: app.status, html: documentOf(settings, request.language, app.head ?? '', root) }
       },
       inlineScripts: [${JSON.stringify(STAND_IN_SCRIPTS.firstPaint)}, ${JSON.stringify(STAND_IN_SCRIPTS.start)}],
     })`,
  )
  return webDir
}

/** The stand-in's inline scripts, whose hashes the CSP must name. */
export const STAND_IN_SCRIPTS = {
  firstPaint: 'document.documentElement.dataset.theme = "light"',
  start: 'document.documentElement.dataset.started = "yes"',
}
