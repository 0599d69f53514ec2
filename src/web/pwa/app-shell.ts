import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/constants'

/** One entry of the manifest Vite writes at build time (dist/web/.vite/manifest.json). */
export interface ViteManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}
export type ViteManifest = Record<string, ViteManifestChunk>

/**
 * What a citizen's phone does not download ahead of time, cached when visited instead:
 * - the signed-in areas' code (their screens, and the session), which needs the network anyway;
 * - the live maps (Leaflet, about 45 KB compressed): offline a map stays its still preview, which
 *   moves the form's pin at a tap and shows the tiles the phone kept (use-waking-map.ts tries the
 *   live map again at the next touch), and the maps of a report or of the statistics need their
 *   data from the network anyway.
 */
const LEFT_TO_VISITS = /^src\/web\/(features\/(admin|organization)\/|lib\/auth\/|lib\/leaflet\.ts$)/

/**
 * The files of the citizen side, from the entry and every screen it can open, with their
 * styles and images: what the service worker downloads at install for offline use. A file loaded
 * on demand that needs code left to visits (LEFT_TO_VISITS), itself or through what it imports,
 * is left out; so is what only it imports. `modulesOf` names the source modules inside a built file.
 */
export function appShellFiles(
  manifest: ViteManifest,
  modulesOf: (file: string) => readonly string[] = () => [],
): string[] {
  const leftOut = new Map<string, boolean>()
  const needsCodeLeftToVisits = (key: string): boolean => {
    const known = leftOut.get(key)
    if (known !== undefined) return known
    leftOut.set(key, false) // an import cycle meets this answer and stops
    const chunk = manifest[key]
    const answer =
      LEFT_TO_VISITS.test(key) ||
      (chunk !== undefined &&
        (modulesOf(chunk.file).some((id) => LEFT_TO_VISITS.test(id)) ||
          (chunk.imports ?? []).some(needsCodeLeftToVisits)))
    leftOut.set(key, answer)
    return answer
  }
  const files = new Set<string>()
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    files.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) files.add(`/${css}`)
    for (const asset of chunk.assets ?? []) files.add(`/${asset}`)
    for (const imported of chunk.imports ?? []) visit(imported)
    for (const imported of chunk.dynamicImports ?? []) if (!needsCodeLeftToVisits(imported)) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return [...files]
}

/** Every file the build wrote, to tell which cached ones a new build made obsolete. */
export function allBuildFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>()
  for (const chunk of Object.values(manifest)) {
    files.add(`/${chunk.file}`)
    for (const css of chunk.css ?? []) files.add(`/${css}`)
    for (const asset of chunk.assets ?? []) files.add(`/${asset}`)
  }
  return files
}

/**
 * What the service worker downloads, listed at build time beside the app (vite.config.ts): Vite's
 * own manifest stays on the server, since it maps every source file to its output.
 */
export const APP_SHELL_LIST_FILE = 'app-shell.json'

export interface AppShellList {
  /** The citizen side in French: downloaded at install for offline use. */
  shell: string[]
  /** The citizen side's texts in each other language: downloaded for a phone that chose it. */
  catalogues: Partial<Record<Language, string[]>>
  /** Every file of the build: cached files not in it are from an earlier build. */
  build: string[]
}

/** A catalogue of texts in English or Wolof (`i18n/en.ts`, `features/citizen/i18n/wo.ts`…): its language. */
function catalogueLanguage(source: string | undefined): Language | null {
  const language = source?.match(/^src\/web\/(?:.+\/)?i18n\/(?:.+\/)?([a-z]+)\.ts$/)?.[1]
  return LANGUAGES.find((known) => known === language && known !== DEFAULT_LANGUAGE) ?? null
}

export function appShellList(
  manifest: ViteManifest,
  modulesOf?: (file: string) => readonly string[],
): AppShellList {
  // Each phone reads one language: the others' catalogues (about 17 KB compressed for English
  // and Wolof) are no longer downloaded by every phone at install.
  const languageOf = new Map<string, Language>()
  for (const [key, chunk] of Object.entries(manifest)) {
    const language = catalogueLanguage(chunk.src ?? key)
    if (language) languageOf.set(`/${chunk.file}`, language)
  }
  const shell: string[] = []
  const catalogues: AppShellList['catalogues'] = {}
  for (const file of appShellFiles(manifest, modulesOf).sort()) {
    const language = languageOf.get(file)
    if (language) catalogues[language] = [...(catalogues[language] ?? []), file]
    else shell.push(file)
  }
  return { shell, catalogues, build: [...allBuildFiles(manifest)].sort() }
}
