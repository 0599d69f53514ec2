// Signing in from a page of the site, for the checks that measure the signed-in pages
// (`npm run lighthouse`, `npm run size`).
import type { Page } from 'playwright-core'
import type { LoginInput } from '../../src/domain/auth'
import { WEB_SESSION_HEADER } from '../../src/domain/auth-rules'
import { STORE_NAMES } from '../../src/domain/constants'

/**
 * Logs in from the page as the login screen does: the server sets the session cookie (the app's
 * header asks for it), and the session store keeps the access token in localStorage.
 */
export async function logIn(page: Page, login: LoginInput) {
  const failure = await page.evaluate(
    async ([login, header, storeName]) => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: '1' },
        body: JSON.stringify(login),
      })
      if (!res.ok) return `login as ${login.userType} failed: ${await res.text()}`
      const session = await res.json()
      const state = {
        user: session.user,
        userType: session.userType,
        token: session.token,
        isAuthenticated: true,
        sessionExpiry: Date.now() + session.expiresIn * 1000,
      }
      localStorage.setItem(storeName, JSON.stringify({ state, version: 1 }))
      return null
    },
    [login, WEB_SESSION_HEADER, STORE_NAMES.auth] as const,
  )
  if (failure) throw new Error(failure)
}
