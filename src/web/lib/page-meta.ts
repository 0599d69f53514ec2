import { createContext, useContext, useEffect } from 'react'
import { useLocation } from 'react-router'
import { type PageMeta, pageHead, pageHeadMetas } from '../../domain/page'

export type { PageMeta }

/**
 * Where the server, rendering a page, collects what it says of itself (its title, its sharing
 * card…) to write them into the page's head; absent in the browser, where the head is kept up to
 * date as the visitor moves from page to page.
 */
export const PageMetaSink = createContext<((meta: PageMeta) => void) | null>(null)

function upsertMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`)
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attribute, key)
    document.head.append(element)
  }
  element.content = content
}

function upsertCanonical(href: string) {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!element) {
    element = document.createElement('link')
    element.rel = 'canonical'
    document.head.append(element)
  }
  element.href = href
}

/** Applies a page's metadata to the document; missing fields take the site defaults. */
export function applyPageMeta(meta: PageMeta, path: string) {
  const head = pageHead(meta, path, window.location.origin)
  document.title = head.title
  for (const [attribute, key, content] of pageHeadMetas(head)) upsertMeta(attribute, key, content)
  if (!head.robots) document.head.querySelector('meta[name="robots"]')?.remove()
  upsertCanonical(head.url)
}

/** Sets title, description, keywords, sharing card and canonical address of the current page. */
export function usePageMeta(meta: PageMeta = {}) {
  const { pathname } = useLocation()
  // Rendered by the server: its head is written with these.
  useContext(PageMetaSink)?.(meta)
  const { title, description, keywords, image, type, robots } = meta
  useEffect(() => {
    applyPageMeta({ title, description, keywords, image, type, robots }, pathname)
  }, [title, description, keywords, image, type, robots, pathname])
}
