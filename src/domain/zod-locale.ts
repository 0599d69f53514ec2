import { z } from 'zod'

// Validation messages that reach a user are in French, on the server and in the browser.
// Imported once by each entry point (server app, web app).
z.config(z.locales.fr())
