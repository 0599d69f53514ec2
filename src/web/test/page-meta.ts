import type { CONTACT_EMAIL_META, SMS_NUMBER_META } from '../lib/page-markup'

const written: HTMLMetaElement[] = []

/**
 * A meta tag the server writes into every page (its CONTACT_EMAIL; its SMS_NUMBER when the SMS
 * channel is on), as the browser finds it; gone after the test (setup.ts).
 */
export function pageSays(name: typeof CONTACT_EMAIL_META | typeof SMS_NUMBER_META, content: string) {
  const meta = document.createElement('meta')
  meta.name = name
  meta.content = content
  document.head.append(meta)
  written.push(meta)
}

export function forgetPageMeta() {
  for (const meta of written.splice(0)) meta.remove()
}
