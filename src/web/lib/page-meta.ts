import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { DEFAULT_PAGE_META } from '../../domain/page'

export interface PageMeta {
  title?: string
  description?: string
  keywords?: string
  /** Sharing image, absolute or relative to the site. */
  image?: string
  type?: string
}

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
  const origin = window.location.origin
  const title = meta.title ?? DEFAULT_PAGE_META.title
  const description = meta.description ?? DEFAULT_PAGE_META.description
  const keywords = meta.keywords ?? DEFAULT_PAGE_META.keywords
  const image = new URL(meta.image ?? DEFAULT_PAGE_META.image, origin).href
  const url = new URL(path, origin).href

  document.title = title
  upsertMeta('name', 'description', description)
  upsertMeta('name', 'keywords', keywords)
  upsertMeta('property', 'og:title', title)
  upsertMeta('property', 'og:description', description)
  upsertMeta('property', 'og:type', meta.type ?? DEFAULT_PAGE_META.ogType)
  upsertMeta('property', 'og:image', image)
  upsertMeta('property', 'og:url', url)
  upsertMeta('name', 'twitter:card', 'summary_large_image')
  upsertMeta('name', 'twitter:title', title)
  upsertMeta('name', 'twitter:description', description)
  upsertMeta('name', 'twitter:image', image)
  upsertCanonical(url)
}

/** Sets title, description, keywords, sharing card and canonical address of the current page. */
export function usePageMeta(meta: PageMeta = {}) {
  const { pathname } = useLocation()
  const { title, description, keywords, image, type } = meta
  useEffect(() => {
    applyPageMeta({ title, description, keywords, image, type }, pathname)
  }, [title, description, keywords, image, type, pathname])
}
