import { createContext, useContext } from 'react'
import { DEFAULT_CONTACT_EMAIL } from '../../domain/constants'
import { CONTACT_EMAIL_META } from '../../domain/page-renderer'

/**
 * The contact address the server draws a page with (its CONTACT_EMAIL, given with the page
 * request): set by the server's drawing only. In the browser the page's meta tag says the same.
 */
export const ContactEmailContext = createContext<string | null>(null)

/**
 * The platform's contact address (CONTACT_EMAIL): the one the server draws with, or in the
 * browser the page's `<meta name="contact-email">`, which the server writes into every page;
 * the project's own address when neither says (Vite alone in development).
 */
export function useContactEmail(): string {
  const drawnWith = useContext(ContactEmailContext)
  if (drawnWith) return drawnWith
  const fromPage =
    typeof document === 'undefined'
      ? undefined
      : document.querySelector<HTMLMetaElement>(`meta[name="${CONTACT_EMAIL_META}"]`)?.content?.trim()
  return fromPage || DEFAULT_CONTACT_EMAIL
}
