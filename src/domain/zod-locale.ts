import { z } from 'zod'

// Validation messages that reach a user are in French, on the server and in the browser.
// Imported once by each entry point (server app, web app). zod writes "Trop petit : …" with a
// plain space: French typography wants a narrow no-break space before : ; ! ? (docs/i18n.md).
const french = z.locales.fr()
const typeset = (message: string) => message.replace(/ ([;:!?])(?=\s|$)/g, '\u202f$1')

z.config({
  localeError: (issue) => {
    const error = french.localeError(issue)
    if (typeof error === 'string') return typeset(error)
    return error ? { ...error, message: typeset(error.message) } : error
  },
})
