import type { RouteObject } from 'react-router'

type RouteModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], () => unknown>>>>

/**
 * The screens loaded on demand, one file each (home is in the first download). The route tables
 * name them by their path under src/web; the server reads the same names off the matched routes
 * to list, in a page's HTML, the files that page will need (`<link rel="modulepreload">`): they
 * download with the page instead of one after the other once the app has started.
 */
const SCREENS = import.meta.glob<RouteModule>([
  './routes/*.tsx',
  '!./routes/error-page.tsx',
  '../features/**/*-{page,layout}.tsx',
  '!**/*.test.tsx',
  '!../features/home/**',
  '!../features/*/components/**',
])

/** What a lazy route carries in its `handle`: its screen's source file, as Vite's manifest names it. */
export interface ScreenHandle {
  screen: string
}

/**
 * A route's screen, fetched when its path is first visited. `ready` waits for what the screen
 * needs besides its code (its texts in the reader's language).
 */
export function lazyScreen(
  name: string,
  ready?: () => Promise<unknown>,
): Required<Pick<RouteObject, 'lazy' | 'handle'>> {
  const key = name.startsWith('app/') ? `./${name.slice('app/'.length)}.tsx` : `../${name}.tsx`
  const load = SCREENS[key]
  if (!load) throw new Error(`No screen file src/web/${name}.tsx`)
  const handle: ScreenHandle = { screen: `src/web/${name}.tsx` }
  return {
    handle,
    lazy: async () => {
      const module = await load()
      await ready?.()
      return module
    },
  }
}
