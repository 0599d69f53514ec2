import { describe, expect, it } from 'vitest'
import { pageHead } from '../../domain/page'
import { jsonForHtml, renderDocument } from './document'
import { pageFilesFrom } from './page-files'

// A build's manifest as Vite writes it: the entry, a screen that shares a chunk with another, and
// the Wolof texts with the code that switches languages.
const filesOf = pageFilesFrom({
  'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, css: ['assets/index-1.css'] },
  'src/web/features/citizen/tracking/tracking-page.tsx': {
    file: 'assets/tracking-page-2.js',
    imports: ['_screens-3.js'],
    css: ['assets/tracking-4.css'],
  },
  '_screens-3.js': { file: 'assets/screens-3.js' },
  'src/web/i18n/languages.ts': { file: 'assets/languages-5.js' },
  'src/web/i18n/wo.ts': { file: 'assets/wo-6.js' },
  'src/web/i18n/en.ts': { file: 'assets/en-7.js' },
})
const SCREEN = ['src/web/features/citizen/tracking/tracking-page.tsx']
const settings = {
  tileUrl: 'https://tiles.example.sn/{z}/{x}/{y}.png',
  contactEmail: 'ecrire@mairie-dakar.sn',
  smsNumber: null,
}
const scripts = { firstPaintScript: 'firstPaint()' }

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'))
const bodyOf = (html: string) => html.slice(html.indexOf('<body'))

describe('a page the browser renders', () => {
  const page = renderDocument({ ...scripts, settings, language: 'fr', files: filesOf(SCREEN, 'fr') })

  it('asks for the app and its screen’s files in its head, and leaves #root empty', () => {
    expect(page.startsWith('<!doctype html><html lang="fr">')).toBe(true)
    const head = headOf(page)
    expect(head).toContain('<script type="module" crossorigin="" src="/assets/index-1.js"></script>')
    expect(head).toContain('<link rel="modulepreload" crossorigin="" href="/assets/tracking-page-2.js"/>')
    expect(head).toContain('<link rel="modulepreload" crossorigin="" href="/assets/screens-3.js"/>')
    expect(head).toContain('<link rel="stylesheet" crossorigin="" href="/assets/index-1.css"/>')
    expect(head).toContain('<link rel="stylesheet" crossorigin="" href="/assets/tracking-4.css"/>')
    expect(bodyOf(page)).toContain('<div id="root"></div>')
    expect(page).not.toContain('hydration-data')
  })

  it('carries the site’s head, its run-time settings and the first-paint script', () => {
    const head = headOf(page)
    expect(head).toContain('<title>Plateforme d’alertes urbaines au Sénégal</title>')
    expect(head).toContain('<meta property="og:image" content="/og-image.png"/>')
    // Its address is written by the app, which knows it.
    expect(head).not.toContain('og:url')
    expect(head).not.toContain('rel="canonical"')
    expect(head).toContain('<meta name="tile-url" content="https://tiles.example.sn/{z}/{x}/{y}.png"/>')
    expect(head).toContain('<link rel="preconnect" href="https://tiles.example.sn"/>')
    expect(head).toContain('<meta name="contact-email" content="ecrire@mairie-dakar.sn"/>')
    expect(head).not.toContain('sms-number')
    expect(head).toContain('<script>firstPaint()</script>')
    expect(bodyOf(page)).toContain(
      '<noscript>Alertes urbaines a besoin de JavaScript pour fonctionner. Activez-le puis rechargez la page.</noscript>',
    )
  })
})

describe('a page the server rendered', () => {
  const head = pageHead(
    {
      title: '3 incident(s) <à Dakar>',
      description: 'Les "derniers" signalements',
      robots: 'noindex, nofollow',
    },
    '/suivi',
    'https://alertes.example.sn',
  )
  const render = (language: 'fr' | 'wo', frenchOnly = false) =>
    renderDocument({
      ...scripts,
      settings: { ...settings, smsNumber: '+221338000000' },
      language,
      files: filesOf(SCREEN, language),
      head,
      app: {
        rendered: {
          html: '<p>3 incident(s)</p>',
          hydration: jsonForHtml({ note: '</script><script>alert(1)</script>' }),
          pathname: '/suivi',
          frenchOnly,
        },
        startScript: 'startApp()',
      },
    })

  it('carries what React rendered and its data, and asks for its scripts only after, at the end', () => {
    const page = render('fr')
    expect(page).toContain('<div id="root" data-rendered-path="/suivi"><p>3 incident(s)</p></div>')
    // The data cannot close its element.
    expect(page).toContain(
      '<script id="hydration-data" type="application/json">{"note":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>',
    )
    expect(page).not.toMatch(/<script type="module"|rel="modulepreload"/)
    expect(page).toMatch(
      /<script id="app-files" type="application\/json">\{"entry":"\/assets\/index-1.js","preload":\["\/assets\/tracking-page-2.js","\/assets\/screens-3.js"\]\}<\/script><script>startApp\(\)<\/script><\/body><\/html>$/,
    )
    expect(headOf(page)).toContain('<link rel="stylesheet" crossorigin="" href="/assets/tracking-4.css"/>')
  })

  it('carries the head the page rendered: title, description, sharing card, canonical, robots, SMS number', () => {
    const pageHeadHtml = headOf(render('fr'))
    expect(pageHeadHtml).toContain('<title>3 incident(s) &lt;à Dakar&gt;</title>')
    expect(pageHeadHtml).toContain(
      '<meta name="description" content="Les &quot;derniers&quot; signalements"/>',
    )
    expect(pageHeadHtml).toContain('<meta property="og:url" content="https://alertes.example.sn/suivi"/>')
    expect(pageHeadHtml).toContain('<link rel="canonical" href="https://alertes.example.sn/suivi"/>')
    expect(pageHeadHtml).toContain('<meta name="robots" content="noindex, nofollow"/>')
    expect(pageHeadHtml).toContain('<meta name="sms-number" content="+221338000000"/>')
    expect(pageHeadHtml).not.toContain('Plateforme d’alertes')
  })

  it('in Wolof, says so and brings the Wolof texts with its scripts', () => {
    const page = render('wo')
    expect(page.startsWith('<!doctype html><html lang="wo">')).toBe(true)
    expect(page).toContain('"/assets/languages-5.js","/assets/wo-6.js"')
    expect(page).not.toContain('en-7.js')
  })

  it('marks the areas that read French whatever the visitor chose', () => {
    expect(render('fr', true)).toContain('<div id="root" data-rendered-path="/suivi" data-french-only="">')
  })
})
