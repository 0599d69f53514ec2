import { waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORE_NAMES } from '../../domain/constants'
import { apiRequest } from '../lib/api-client'
import { EARLY_READS_GLOBAL, takeEarlyRead } from '../lib/early-read'
import { stubApi } from '../test/api-stub'
import { stubEventSource } from '../test/event-source'
import { renderRoute } from '../test/render-route'
import {
  adminSession,
  organizationSession,
  signInAsAdmin,
  signInOrganization,
  signOut,
} from '../test/sessions'
import { EARLY_READS, earlyReadsScript } from './early-reads'

/** What the server writes into the head of every page, run as the browser runs it. */
function runPageScript(pathname: string) {
  window.history.replaceState(null, '', pathname)
  new Function(earlyReadsScript())()
}

/** The session the login screen leaves in storage. */
function storeSession(session: { userType: string; token: string }, expiresInMs = 900_000) {
  const state = { ...session, isAuthenticated: true, sessionExpiry: Date.now() + expiresInMs }
  localStorage.setItem(STORE_NAMES.auth, JSON.stringify({ state, version: 0 }))
}

const okJson = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

beforeEach(() => {
  signOut()
  stubEventSource()
  delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL]
})

describe('the early reads of the signed-in pages', () => {
  it.each(Object.entries(EARLY_READS))('are what %s asks for when it opens', async (pathname, page) => {
    // Nothing is answered (each request fails as offline): what matters is what the screens ask.
    const api = stubApi({})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    if (page.userType === 'admin') signInAsAdmin()
    else signInOrganization()
    renderRoute(pathname)
    await waitFor(() => {
      const asked = api.calls.filter((call) => call.method === 'GET').map((call) => call.url)
      expect(asked).toEqual(expect.arrayContaining(page.paths))
    })
  })

  it('are started by the page with the stored session, and taken once by the same request', async () => {
    const fetchMock = vi.fn(async () => okJson({ items: [], total: 0 }))
    vi.stubGlobal('fetch', fetchMock)
    storeSession(organizationSession({ token: 'access-7' }))
    runPageScript('/organization/available-reports')
    const [path] = EARLY_READS['/organization/available-reports']?.paths ?? []
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledWith(path, {
      headers: { accept: 'application/json', authorization: 'Bearer access-7' },
    })
    // Another token (the session was renewed meanwhile) does not get it.
    expect(takeEarlyRead(path ?? '', 'Bearer access-8')).toBeNull()
    // The screen's request is answered by it, without asking the server a second time.
    const body = await apiRequest(path ?? '', { headers: { authorization: 'Bearer access-7' } })
    expect(body).toEqual({ items: [], total: 0 })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    // Once only: the next time the screen asks, it asks the server.
    expect(takeEarlyRead(path ?? '', 'Bearer access-7')).toBeNull()
  })

  it('are not started without a session of that kind, with an expired one, or for a page with a query', () => {
    const fetchMock = vi.fn(async () => okJson({}))
    vi.stubGlobal('fetch', fetchMock)
    runPageScript('/admin/reports')
    storeSession(organizationSession())
    runPageScript('/admin/reports')
    storeSession(adminSession(), -1000)
    runPageScript('/admin/reports')
    storeSession(adminSession())
    runPageScript('/admin/reports?page=2')
    runPageScript('/signaler')
    expect(fetchMock).not.toHaveBeenCalled()
    runPageScript('/admin/reports')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
