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
 * Screens that need the network anyway (signed-in areas): not downloaded ahead of time on a
 * citizen's phone. They are cached when visited.
 */
const SIGNED_IN_AREAS = ['src/web/features/admin/', 'src/web/features/organization/']

/**
 * The files of the citizen side, from the entry and every screen it can open, with their
 * styles and images: what the service worker downloads at install for offline use.
 */
export function appShellFiles(manifest: ViteManifest): string[] {
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
    for (const imported of chunk.dynamicImports ?? []) {
      if (!SIGNED_IN_AREAS.some((area) => imported.startsWith(area))) visit(imported)
    }
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
  /** The citizen side: downloaded at install for offline use. */
  shell: string[]
  /** Every file of the build: cached files not in it are from an earlier build. */
  build: string[]
}

export function appShellList(manifest: ViteManifest): AppShellList {
  return { shell: appShellFiles(manifest).sort(), build: [...allBuildFiles(manifest)].sort() }
}
