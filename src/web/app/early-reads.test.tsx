import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORE_NAMES } from '../../domain/constants'
import { apiRequest } from '../lib/api-client'
import { EARLY_READS_GLOBAL, forgetEarlyReads, takeEarlyRead } from '../lib/early-read'
import { pageReply, stubApi } from '../test/api-stub'
import { stubEventSource } from '../test/event-source'
import { adminReport, ORGANIZATION_STATS, organizationProfile, organizationReport } from '../test/fixtures'
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

/** Whether a list's loading state (its cards' skeletons) is drawn from now until the answer is read. */
function watchForLoadingState(): () => boolean {
  const skeleton = '[data-testid="report-card-skeleton"]'
  let shown = false
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((record) => [...record.addedNodes]))
      if (node instanceof Element && (node.matches(skeleton) || node.querySelector(skeleton))) shown = true
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return () => {
    observer.disconnect()
    return shown
  }
}

const okJson = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

/** The available reports page opened with a stored session (token access-7), every request answered. */
function openAvailableReportsPage() {
  const fetchMock = vi.fn(async () => okJson({ items: [], total: 0 }))
  vi.stubGlobal('fetch', fetchMock)
  storeSession(organizationSession({ token: 'access-7' }))
  runPageScript('/organization/available-reports')
  const [path = ''] = EARLY_READS['/organization/available-reports']?.paths ?? []
  return { fetchMock, path }
}

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
    const { fetchMock, path } = openAvailableReportsPage()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledWith(path, {
      headers: { accept: 'application/json', authorization: 'Bearer access-7' },
    })
    // Another token (the session was renewed meanwhile) does not get it.
    expect(takeEarlyRead(path, 'Bearer access-8')).toBeNull()
    // The screen's request is answered by it, without asking the server a second time.
    const body = await apiRequest(path, { headers: { authorization: 'Bearer access-7' } })
    expect(body).toEqual({ items: [], total: 0 })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    // Once only: the next time the screen asks, it asks the server.
    expect(takeEarlyRead(path, 'Bearer access-7')).toBeNull()
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

  it('put the data in the screen when it arrived before the code: no request, no loading state', async () => {
    const report = organizationReport({ description: 'Caniveau bouché devant la mosquée.' })
    const list = pageReply([report])
    const api = stubApi({
      '/api/org/reports/available': list,
      '/api/org/me': { status: 200, body: organizationProfile() },
      '/api/org/stats': { status: 200, body: ORGANIZATION_STATS },
    })
    // The login left the session in storage; the page's script asks with it.
    signInOrganization()
    runPageScript('/organization/available-reports')
    const [path] = EARLY_READS['/organization/available-reports']?.paths ?? []
    await waitFor(() => expect(window[EARLY_READS_GLOBAL as keyof Window]?.[0]?.body).toBeDefined())
    const loadingShown = watchForLoadingState()
    renderRoute('/organization/available-reports')
    expect(await screen.findByText('Caniveau bouché devant la mosquée.')).toBeInTheDocument()
    expect(loadingShown()).toBe(false)
    // Only the page's own request went out for the list, and it counts as fresh: not asked again.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.calls.filter((call) => call.url === path)).toHaveLength(1)
    expect(window[EARLY_READS_GLOBAL as keyof Window]).toEqual([])
  })

  it('put the admin list in its first frame too', async () => {
    const api = stubApi({
      '/api/admin/reports': pageReply([adminReport({ description: 'Câble électrique pendant.' })]),
    })
    signInAsAdmin()
    runPageScript('/admin/reports')
    await waitFor(() => expect(window[EARLY_READS_GLOBAL as keyof Window]?.[0]?.body).toBeDefined())
    const loadingShown = watchForLoadingState()
    renderRoute('/admin/reports')
    expect(await screen.findByText('Câble électrique pendant.')).toBeInTheDocument()
    expect(loadingShown()).toBe(false)
    expect(api.calls.filter((call) => call.url === '/api/admin/reports')).toHaveLength(1)
  })

  it('are forgotten when asked: a later screen asks the server', async () => {
    const { fetchMock, path } = openAvailableReportsPage()
    forgetEarlyReads()
    expect(takeEarlyRead(path, 'Bearer access-7')).toBeNull()
    await apiRequest(path, { headers: { authorization: 'Bearer access-7' } })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
