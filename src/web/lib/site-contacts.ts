import { createContext, useContext } from 'react'
import { DEFAULT_CONTACT_EMAIL } from '../../domain/constants'
import { CONTACT_EMAIL_META, SMS_NUMBER_META } from './page-markup'

/** How citizens reach the platform: its contact address, and the number they text (null: no SMS channel). */
export interface SiteContacts {
  contactEmail: string
  smsNumber: string | null
}

/**
 * The contacts the server renders a page with (CONTACT_EMAIL and SMS_NUMBER, given with the page
 * request): set by the server's rendering only. In the browser the page's meta tags say the same.
 */
export const SiteContactsContext = createContext<SiteContacts | null>(null)

function fromPageMeta(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim() || undefined
}

/**
 * The platform's contact address (CONTACT_EMAIL): the one the server renders with, or in the
 * browser the page's `<meta name="contact-email">`, which the server writes into every page;
 * the project's own address when neither says (Vite alone in development).
 */
export function useContactEmail(): string {
  const rendered = useContext(SiteContactsContext)
  return rendered?.contactEmail ?? fromPageMeta(CONTACT_EMAIL_META) ?? DEFAULT_CONTACT_EMAIL
}

/** The number citizens text (SMS_NUMBER, in E.164), or null when the SMS channel is off. */
export function useSmsNumber(): string | null {
  const rendered = useContext(SiteContactsContext)
  return rendered ? rendered.smsNumber : (fromPageMeta(SMS_NUMBER_META) ?? null)
}
