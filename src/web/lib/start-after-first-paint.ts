import { APP_FILES_ID, APP_READY_ATTRIBUTE, EARLY_TAP_ATTRIBUTE } from './page-markup'

interface Names {
  filesId: string
  readyAttribute: string
  earlyTapAttribute: string
}

/**
 * The inline script of a page the server rendered, at the end of its body. It asks for the app's
 * scripts (listed in the page as JSON) once the browser reports its first paint of text: asked
 * any sooner, they would share a slow phone network with the page's styles and text. At once in
 * a tab nobody sees or a browser that reports no paints, and after 3 s at the latest. Meanwhile
 * it remembers the last button tapped, which nothing could answer yet: the app taps it again
 * once it has hydrated the page (main.tsx).
 *
 * Self-contained on purpose, as it is written into the page as text: it uses nothing but its
 * arguments and the browser's globals.
 */
export function startAfterFirstPaint({ filesId, readyAttribute, earlyTapAttribute }: Names) {
  const rememberTap = (event: Event) => {
    if (document.documentElement.hasAttribute(readyAttribute))
      return document.removeEventListener('click', rememberTap, true)
    const button = (event.target as Element | null)?.closest?.('button')
    if (!button) return
    document.querySelector(`[${earlyTapAttribute}]`)?.removeAttribute(earlyTapAttribute)
    button.setAttribute(earlyTapAttribute, '')
  }
  document.addEventListener('click', rememberTap, true)
  let started = false
  const start = () => {
    if (started) return
    started = true
    const files = JSON.parse(document.getElementById(filesId)?.textContent ?? '{}')
    for (const href of files.preload as string[]) {
      const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href })
      link.crossOrigin = ''
      document.head.appendChild(link)
    }
    const script = Object.assign(document.createElement('script'), { type: 'module', src: files.entry })
    script.crossOrigin = ''
    document.head.appendChild(script)
  }
  const reportsPaints =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')
  if (document.visibilityState === 'hidden' || !reportsPaints) return start()
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    setTimeout(start, 0)
  }).observe({ type: 'paint', buffered: true })
  setTimeout(start, 3000)
}

/** The script as the server writes it into a rendered page (allowed by the CSP through its hash). */
export function renderedPageScript(): string {
  const names: Names = {
    filesId: APP_FILES_ID,
    readyAttribute: APP_READY_ATTRIBUTE,
    earlyTapAttribute: EARLY_TAP_ATTRIBUTE,
  }
  return `(${startAfterFirstPaint.toString()})(${JSON.stringify(names)})`
}
