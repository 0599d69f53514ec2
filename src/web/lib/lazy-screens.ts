import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/** The loaders of each route's rendered parts (lazyRenderedPart), by route id. */
const renderedParts = new Map<string, (() => Promise<unknown>)[]>()

/**
 * A part of a route's screen that the server renders with the page but whose code comes after the
 * first download (below the fold). The app waits for it before hydrating the page: a part
 * still loading then would be rendered again by the browser, its HTML thrown away, as soon as
 * anything above it changes.
 */
export function lazyRenderedPart<Props extends object>(
  routeId: string,
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  let loading: Promise<ComponentType<Props>> | undefined
  const once = () => {
    loading ??= load()
    return loading
  }
  renderedParts.set(routeId, [...(renderedParts.get(routeId) ?? []), once])
  return lazy(() => once().then((component) => ({ default: component })))
}

/** The code of the rendered parts of these routes, loaded. */
export function loadRenderedParts(routeIds: readonly string[]): Promise<unknown> {
  return Promise.all(routeIds.flatMap((id) => renderedParts.get(id) ?? []).map((load) => load()))
}
