import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { APP_SHELL_LIST_FILE, appShellList } from './src/web/pwa/app-shell'
import { appCodeSplitting } from './vite.chunks'

// The Fastify server (src/server) serves dist/web with the precompressed copies; in development
// Vite serves the app and forwards the API and the stored files to it.
const API_ORIGIN = 'http://localhost:3000'

/** The source files inside each built file, relative to the project. */
function modulesByFile(bundle: Rolldown.OutputBundle): Record<string, string[]> {
  const root = `${process.cwd()}/`
  const modules: Record<string, string[]> = {}
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue
    modules[output.fileName] = output.moduleIds
      .filter((id) => id.startsWith(root))
      .map((id) => id.slice(root.length))
  }
  return modules
}

/**
 * Writes `.vite/chunk-modules.json`: the source files inside each built file. `npm run size` reads
 * it to check that no organisation or admin code reaches a citizen page.
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(modulesByFile(bundle), null, 1),
      })
    },
  }
}

/**
 * Writes `app-shell.json` beside the app: the files the service worker keeps for offline use.
 * Read from Vite's manifest once it is written; the manifest itself is never served.
 */
function appShellListFile(): Plugin {
  return {
    name: 'app-shell-list',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist/web'
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'))
      const modules = modulesByFile(bundle)
      const list = appShellList(manifest, (file) => modules[file] ?? [])
      writeFileSync(path.join(outDir, APP_SHELL_LIST_FILE), JSON.stringify(list))
    },
  }
}

/**
 * `vite build --ssr src/web/entry-server.tsx`: the same app for Node, which the server uses to
 * render pages (src/server/http/web-app.ts). Everything is bundled, libraries included, so that the
 * server runs exactly the code the browser runs; it lives beside the built app, never served.
 */
const SERVER_BUILD: UserConfig = {
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/web/.ssr',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
  },
}

const BROWSER_BUILD: UserConfig = {
  plugins: [
    react(),
    tailwindcss(),
    chunkModules(),
    appShellListFile(),
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Images stay files, fetched when shown: inlined in base64, the map's marker images made its
    // script 5.6 KB (gzip) heavier for every visitor, shown or not.
    assetsInlineLimit: 0,
    sourcemap: false,
    // Read by `npm run size` to know what each route loads.
    manifest: true,
    // The browsers that run the app (ES modules) all know modulepreload: no polyfill to download.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: appCodeSplitting() } },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/files': { target: API_ORIGIN, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true },
      '/files': { target: API_ORIGIN, changeOrigin: true },
    },
  },
}

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? SERVER_BUILD : BROWSER_BUILD))
