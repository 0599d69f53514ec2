import { describe, expect, it } from 'vitest'
import { createPageRenderer } from './entry-server'

const renderer = createPageRenderer({
  manifest: { 'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true } },
  settings: {
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    contactEmail: 'a@b.sn',
    smsNumber: null,
  },
})

/** The inline scripts a page runs: every <script> without a type or a source. */
const inlineScriptsOf = (html: string) =>
  [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1])

describe('the server’s copy of the app', () => {
  it('names every inline script its pages run, so that the CSP allows them and no other', async () => {
    const shell = renderer.renderShell(await renderer.pageOf('/mes-signalements'))
    const page = await renderer.renderPage({
      url: '/a-propos',
      page: await renderer.pageOf('/a-propos'),
      origin: null,
      language: 'fr',
      session: null,
      fetch: async () => new Response('{}', { status: 404 }),
    })
    expect(page.kind).toBe('page')
    const rendered = page.kind === 'page' ? page.html : ''
    expect(rendered).toContain('data-rendered-path="/a-propos"')
    expect(inlineScriptsOf(shell)).toEqual([renderer.inlineScripts[0]])
    expect(inlineScriptsOf(rendered)).toEqual(renderer.inlineScripts)
  })
})
