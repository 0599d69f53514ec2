import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { type BuildOptions, defineConfig, type Plugin, type UserConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { APP_SHELL_LIST_FILE, appShellList } from './src/web/pwa/app-shell'
import { appCodeSplitting } from './vite.chunks'

// The Fastify server (src/server) serves dist/web with the precompressed copies; in development
// Vite serves the app and forwards the API and the stored files to it.
const API_ORIGIN = 'http://localhost:3000'

// The browser runs Preact's React-compatible core instead of react-dom: the same React API
// in about 5 KB instead of about 64 KB gzipped, which keeps the home page under its 100 KB
// budget on the phones of Dakar (docs/decisions/0001-preact-in-the-browser.md). Component tests
// (vitest.config.ts) keep React; the browser tests run this build.
const PREACT_COMPAT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
]

/**
 * Writes `.vite/chunk-modules.json`: the source files inside each built file, relative to the
 * project. `npm run size` reads it to check that no organisation or admin code reaches `/`.
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = `${process.cwd()}/`
      const modules: Record<string, string[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        modules[output.fileName] = output.moduleIds
          .filter((id) => id.startsWith(root))
          .map((id) => id.slice(root.length))
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(modules, null, 1),
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
    writeBundle(options) {
      const outDir = options.dir ?? 'dist/web'
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'))
      writeFileSync(path.join(outDir, APP_SHELL_LIST_FILE), JSON.stringify(appShellList(manifest)))
    },
  }
}

/** Build warnings, but one: React Router looks for React's useOptimistic, which Preact lacks, and falls back. */
const withoutPreactGaps: NonNullable<NonNullable<BuildOptions['rolldownOptions']>['onwarn']> = (
  warning,
  warn,
) => {
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return
  warn(warning)
}

/**
 * `vite build --ssr src/web/entry-server.tsx`: the same app for Node, which the server uses to
 * render the first screen of the public pages (src/server/http/web-app.ts). Everything is bundled,
 * libraries included, so that they too run on Preact; it lives beside the built app, never served.
 */
const SERVER_BUILD: UserConfig = {
  resolve: { alias: PREACT_COMPAT },
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/web/.ssr',
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    rolldownOptions: { onwarn: withoutPreactGaps },
  },
}

const BROWSER_BUILD: UserConfig = {
  resolve: { alias: PREACT_COMPAT },
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
    sourcemap: false,
    // Read by `npm run size` to know what each route loads.
    manifest: true,
    rolldownOptions: { onwarn: withoutPreactGaps, output: { codeSplitting: appCodeSplitting() } },
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
