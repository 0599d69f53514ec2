import { afterEach, describe, expect, it } from 'vitest'
import { APP_FILES_ID, APP_READY_ATTRIBUTE, EARLY_TAP_ATTRIBUTE } from './page-markup'
import { renderedPageScript } from './start-after-first-paint'

/** A rendered page's body as the server writes it, its inline script run as the browser runs it. */
function loadRenderedPage() {
  document.body.innerHTML =
    '<button>Signaler</button><button>Suivre</button>' +
    `<script type="application/json" id="${APP_FILES_ID}">` +
    '{"entry":"/assets/index-a1.js","preload":["/assets/report-page-b2.js"]}</script>'
  // biome-ignore lint/security/noGlobalEval: the inline script runs as the page runs it, from its text
  globalThis.eval(renderedPageScript())
}

afterEach(() => {
  document.head.querySelectorAll('script, link').forEach((element) => {
    element.remove()
  })
  document.documentElement.removeAttribute(APP_READY_ATTRIBUTE)
})

describe("a rendered page's inline script", () => {
  it("asks for the app's scripts at once in a browser that reports no paints", () => {
    loadRenderedPage()
    const script = document.head.querySelector<HTMLScriptElement>('script[type="module"]')
    expect(script?.getAttribute('src')).toBe('/assets/index-a1.js')
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/assets/report-page-b2.js',
    )
  })

  it('remembers the last button tapped before the app is there, and no tap after', () => {
    loadRenderedPage()
    const [report, track] = document.querySelectorAll('button')
    report?.click()
    track?.click()
    expect([report?.hasAttribute(EARLY_TAP_ATTRIBUTE), track?.hasAttribute(EARLY_TAP_ATTRIBUTE)]).toEqual([
      false,
      true,
    ])
    track?.removeAttribute(EARLY_TAP_ATTRIBUTE)
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '')
    report?.click()
    expect(report?.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(false)
  })
})
