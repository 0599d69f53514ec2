import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE, i18next } from '.'
import './deferred/fr'

type Tree = { [key: string]: string | Tree }

function findKey(tree: Tree | undefined, text: string, path: string): string | undefined {
  if (!tree) return undefined
  for (const [key, value] of Object.entries(tree)) {
    const here = `${path}.${key}`
    if (value === text) return here
    if (typeof value === 'object') {
      const found = findKey(value, text, here)
      if (found) return found
    }
  }
  return undefined
}

/**
 * The catalogue key of a French text written in src/domain (a validation message, an event's
 * name) or sent by the server: the `domainText` groups of the catalogues name them.
 */
export function domainTextKey(text: string): string | undefined {
  for (const namespace of ['deferred', 'citizen']) {
    const bundle = i18next.getResourceBundle(DEFAULT_LANGUAGE, namespace) as { domainText?: Tree } | undefined
    const key = findKey(bundle?.domainText, text, 'domainText')
    if (key) return `${namespace}:${key}`
  }
  return undefined
}

/**
 * Shows a French text of the domain or of the server in the reader's language when the
 * catalogues know it, as received otherwise.
 */
export function useDomainText(): (text: string) => string {
  const { t } = useTranslation()
  const translate = t as unknown as (key: string) => string
  return (text) => {
    const key = domainTextKey(text)
    return key ? translate(key) : text
  }
}
