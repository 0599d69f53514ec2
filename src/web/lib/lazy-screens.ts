import type { RouteObject } from 'react-router'

/** What a screen file gives its route (what React Router's `lazy` resolves to). */
export type ScreenModule = Awaited<ReturnType<NonNullable<Extract<RouteObject['lazy'], () => unknown>>>>

/** A folder's screen files as its `import.meta.glob` lists them: `./<name>.tsx` → loader. */
export type ScreenFiles = Record<string, () => Promise<ScreenModule>>

/** What a lazy route carries in its `handle`: its screen's source file, as Vite's manifest names it. */
export interface ScreenHandle {
  screen: string
}

/**
 * The screens of one folder of src/web (`features/admin`, `app`…), one file each, fetched when
 * their path is first visited. The route tables name them by their path in that folder; the
 * server reads their files off the matched routes (`ScreenHandle`) to list, in a page's HTML, the
 * files that page will need (`<link rel="modulepreload">`): they download with the page instead
 * of one after the other once the app has started.
 *
 * `files` is the folder's own `import.meta.glob` of its screens: Vite expands a glob in the file
 * that writes it, so each route table lists its own folder and this module knows none of them.
 * `ready` waits for what the screens need besides their code (their texts in the reader's language).
 */
export function lazyScreens(folder: string, files: ScreenFiles, ready?: () => Promise<unknown>) {
  return (name: string): Required<Pick<RouteObject, 'lazy' | 'handle'>> => {
    const file = `src/web/${folder}/${name}.tsx`
    const load = files[`./${name}.tsx`]
    if (!load) throw new Error(`No screen file ${file}`)
    const handle: ScreenHandle = { screen: file }
    return {
      handle,
      lazy: async () => {
        const module = await load()
        await ready?.()
        return module
      },
    }
  }
}
