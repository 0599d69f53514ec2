import type { RouteObject } from 'react-router'

/** What a screen file gives its route (what React Router's `lazy` resolves to). */
export type ScreenModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], () => unknown>>>>

/**
 * A screen fetched when its path is first visited (the server lists its files in the page, from
 * the route manifest, so that they download with it). `ready` waits for what the screen needs
 * besides its code (its texts in the reader's language).
 */
export function lazyScreen(
  file: string,
  load: (() => Promise<ScreenModule>) | undefined,
  ready?: () => Promise<unknown>,
): Required<Pick<RouteObject, 'lazy'>> {
  if (!load) throw new Error(`No screen file ${file}`)
  return {
    lazy: async () => {
      const module = await load()
      await ready?.()
      return module
    },
  }
}
