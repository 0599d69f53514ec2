import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE, i18next, type Namespace } from '.'
import './deferred/fr'

/**
 * The namespaces whose `reasons` group translates the domain's messages by their reason
 * (src/domain/messages.ts): the citizen screens' own, and the shared texts after the first paint.
 * The other areas are in French only, where the message as received is the text.
 */
const REASON_NAMESPACES: readonly Namespace[] = ['citizen', 'deferred']

/**
 * The catalogue key of a reason the server sent (`citizen:reasons.tracking.notFound`), when a
 * catalogue has a text for it; a reason no catalogue knows (a newer server's) has none.
 */
export function reasonKey(reason: string | null | undefined): string | undefined {
  if (!reason) return undefined
  for (const namespace of REASON_NAMESPACES) {
    // The French catalogue holds every key; a group or an inherited name is not a text.
    const text = i18next.getResource(DEFAULT_LANGUAGE, namespace, `reasons.${reason}`)
    if (typeof text === 'string') return `${namespace}:reasons.${reason}`
  }
  return undefined
}

/** What the server said, with its reason when it gave one (an ApiError, a refused queued report). */
export interface Said {
  message: string
  reason?: string | null
}

/**
 * Shows what the server said in the reader's language: translated by its reason when the
 * catalogues know it, else its French message as received.
 */
export function useReasonText(): (said: Said) => string {
  const { t } = useTranslation()
  // The key is built at run time from what the server sent, hence not one of the typed keys.
  const translate = t as unknown as (key: string) => string
  return (said) => {
    const key = reasonKey(said.reason)
    return key ? translate(key) : said.message
  }
}
