import type { QueryClient } from '@tanstack/react-query'
import { CODE_AFTER_PAINT, FIRST_SCREEN_DATA_ID, type FirstScreenData } from '../../domain/first-screen'
import { recentReportsQueryOptions } from '../features/home/api/get-recent-reports'
import { reportCountQueryOptions } from '../features/home/api/get-report-count'
import { categoriesQueryOptions } from '../lib/categories'

/**
 * Puts the data a page arrived with where the screens' queries look for it, so that they neither
 * ask again nor show a loading state: on the server before rendering, in the browser before
 * taking the page over.
 */
export function seedFirstScreen(queryClient: QueryClient, data: FirstScreenData) {
  if (data.reportCount) queryClient.setQueryData(reportCountQueryOptions().queryKey, data.reportCount)
  if (data.recentReports) queryClient.setQueryData(recentReportsQueryOptions().queryKey, data.recentReports)
  if (data.categories) queryClient.setQueryData(categoriesQueryOptions().queryKey, data.categories)
}

/** The first screen's data written into the page by the server, if any. */
export function readFirstScreen(document: Document): FirstScreenData {
  const text = document.getElementById(FIRST_SCREEN_DATA_ID)?.textContent
  if (!text) return {}
  try {
    return JSON.parse(text) as FirstScreenData
  } catch {
    return {}
  }
}

/**
 * Fetches the code a drawn page names (CODE_AFTER_PAINT) once its first frame is drawn, so that
 * on a slow network the HTML, the style sheet and the images are not slowed by the scripts.
 * Self-contained: the server writes it into the page as an inline script.
 */
function loadCodeAfterPaint(names: typeof CODE_AFTER_PAINT) {
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const [name, kind] of [
      [names.modulepreload, 'modulepreload'],
      [names.module, 'module'],
    ]) {
      for (const meta of document.querySelectorAll<HTMLMetaElement>(`meta[name="${name}"]`)) {
        const element = document.createElement(kind === 'module' ? 'script' : 'link')
        if (element instanceof HTMLScriptElement) {
          element.type = 'module'
          element.src = meta.content
        } else {
          element.rel = 'modulepreload'
          element.href = meta.content
        }
        element.crossOrigin = ''
        document.head.append(element)
      }
    }
  }
  requestAnimationFrame(() => setTimeout(start, 0))
  // A page opened in a background tab draws no frame: its code comes anyway.
  setTimeout(start, 1000)
}

/** The inline script of a drawn page that fetches its code after the first paint. */
export function codeAfterPaintScript(): string {
  return `(${loadCodeAfterPaint.toString()})(${JSON.stringify(CODE_AFTER_PAINT)})`
}
