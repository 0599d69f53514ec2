/** Page metadata defaults of SPEC.md section 1. */
export const DEFAULT_PAGE_META = {
  title: 'Plateforme d’alertes urbaines au Sénégal',
  description:
    'Signalez et suivez les problèmes urbains au Sénégal (voirie, éclairage public, propreté) : une plateforme collaborative pour les citoyens et les organisations municipales.',
  keywords: 'Sénégal, alertes urbaines, signalement, voirie, éclairage public',
  ogType: 'website',
  image: '/og-image.png',
  siteName: 'Alertes urbaines',
} as const

/** Shown by a browser that runs no JavaScript. */
export const NO_JAVASCRIPT_MESSAGE =
  'Alertes urbaines a besoin de JavaScript pour fonctionner. Activez-le puis rechargez la page.'

/** The address parameter of an organisation's list that shows it on its map (`?vue=carte`). */
export const LIST_VIEW_PARAMETER = 'vue'
export const LIST_ON_MAP = 'carte'

/** What a page says of itself; what it leaves out takes the site's defaults. */
export interface PageMeta {
  title?: string
  description?: string
  keywords?: string
  /** Sharing image, absolute or relative to the site. */
  image?: string
  type?: string
  /** E.g. "noindex, nofollow" for a page with nothing for a search engine. */
  robots?: string
}

/** A page's head, every field set: what the server writes into a rendered page and the app keeps up. */
export interface PageHead {
  title: string
  description: string
  keywords: string
  type: string
  /** Absolute when the site's origin is known, else relative to the site. */
  image: string
  url: string
  robots: string | null
}

/**
 * The head of the page at `path`. Without a known origin (a server without PUBLIC_ORIGIN), the
 * addresses stay relative: a page kept for every visitor must never carry the address that one
 * request's Host header claimed.
 */
export function pageHead(meta: PageMeta, path: string, origin: string | null): PageHead {
  const absolute = (address: string) => (origin ? new URL(address, origin).href : address)
  return {
    title: meta.title ?? DEFAULT_PAGE_META.title,
    description: meta.description ?? DEFAULT_PAGE_META.description,
    keywords: meta.keywords ?? DEFAULT_PAGE_META.keywords,
    type: meta.type ?? DEFAULT_PAGE_META.ogType,
    image: absolute(meta.image ?? DEFAULT_PAGE_META.image),
    url: absolute(path),
    robots: meta.robots ?? null,
  }
}

/** The `<meta>` elements of a page's head: attribute, key and content. */
export function pageHeadMetas(head: PageHead): ['name' | 'property', string, string][] {
  return [
    ['name', 'description', head.description],
    ['name', 'keywords', head.keywords],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:type', head.type],
    ['property', 'og:image', head.image],
    ['property', 'og:url', head.url],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', head.image],
    ...(head.robots ? [['name', 'robots', head.robots] as ['name', string, string]] : []),
  ]
}
