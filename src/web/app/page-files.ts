import type { Manifest } from 'vite'
import { DEFAULT_LANGUAGE, type Language } from '../../domain/constants'

/** The built files a page lists: its styles, the app's entry, and the code to fetch beside it. */
export interface PageFiles {
  styles: string[]
  entry: string
  preload: string[]
}

/**
 * The files of each page, read from Vite's build manifest: the entry's, and those of the page's
 * route modules (the manifest's keys are their source files), each with what it imports.
 */
export function pageFilesFrom(manifest: Manifest) {
  const closure = (keys: readonly string[]) => {
    const files = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || files.has(chunk.file)) return
      files.add(chunk.file)
      for (const css of chunk.css ?? []) files.add(css)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    for (const key of keys) visit(key)
    return [...files].map((file) => `/${file}`)
  }
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  const [entryKey, entryChunk] = entries[0] ?? []
  if (entries.length !== 1 || !entryKey || !entryChunk) {
    throw new Error(`the build manifest has ${entries.length} entries, not one`)
  }
  const entry = `/${entryChunk.file}`
  return (screens: readonly string[], language: Language): PageFiles => {
    // Rendered in English or Wolof: the app needs that language's texts to hydrate the page.
    const files = closure([entryKey, ...screens, ...catalogueKeys(manifest, language)])
    return {
      styles: files.filter((file) => file.endsWith('.css')),
      entry,
      preload: files.filter((file) => !file.endsWith('.css') && file !== entry),
    }
  }
}

/** The citizen side's texts in `language`, and the code that switches to it (none for French, bundled). */
function catalogueKeys(manifest: Manifest, language: Language): string[] {
  if (language === DEFAULT_LANGUAGE) return []
  const catalogue = new RegExp(
    `^src/web/(i18n/languages|(i18n/(deferred/)?|features/citizen/i18n/)${language})\\.ts$`,
  )
  return Object.keys(manifest).filter((key) => catalogue.test(key))
}
