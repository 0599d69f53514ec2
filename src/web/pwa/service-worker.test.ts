// The service worker's part in Web Push: a push shows the news as a notification, a tap on it opens
// "Mes signalements" at the report, in the site's tab already open or in a new one, and never a
// page of another site. (The browser test hands a real push to the real worker; headless Chromium
// shows no notification to tap, so the tap is driven here, on the worker's own listeners.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MY_REPORTS_PATH, pushPayloadOf, reportCardId } from '../../domain/push-rules'

const ORIGIN = 'https://alertes.example.sn'
type Listener = (event: unknown) => void

interface FakeWindow {
  url: string
  navigate: ReturnType<typeof vi.fn>
  focus: ReturnType<typeof vi.fn>
  postMessage: ReturnType<typeof vi.fn>
}

let listeners: Map<string, Listener>
let windows: FakeWindow[]
let scope: {
  clients: { openWindow: ReturnType<typeof vi.fn> }
  registration: { showNotification: ReturnType<typeof vi.fn> }
}

function siteWindow(path: string): FakeWindow {
  return { url: `${ORIGIN}${path}`, navigate: vi.fn(), focus: vi.fn(), postMessage: vi.fn() }
}

/** Dispatches an event to the worker's listener; resolves once what it handed to waitUntil is done. */
async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
  const pending: Promise<unknown>[] = []
  listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) })
  await Promise.all(pending)
}

function tap(data: unknown) {
  const notification = { data, close: vi.fn() }
  return { notification, done: dispatch('notificationclick', { notification }) }
}

beforeEach(async () => {
  listeners = new Map()
  windows = []
  scope = {
    clients: { openWindow: vi.fn() },
    registration: { showNotification: vi.fn(async () => undefined) },
  }
  vi.stubGlobal('self', {
    ...scope,
    location: new URL(`${ORIGIN}/sw.js`),
    clients: {
      ...scope.clients,
      claim: vi.fn(),
      matchAll: vi.fn(async () => windows),
    },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  })
  vi.resetModules()
  await import('./service-worker')
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a push', () => {
  it('shows the news with its text and the report it opens', async () => {
    const payload = pushPayloadOf(
      { kind: 'message', title: 'Curage prévu', message: 'Une équipe passe samedi.' },
      { id: 'a1b2', category: 'Voirie' },
      'fr',
    )
    await dispatch('push', { data: { json: () => payload } })
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      payload.title,
      expect.objectContaining({ body: payload.body, tag: payload.tag, data: { url: payload.url } }),
    )
  })

  it('shows nothing for a message that is not the app’s', async () => {
    await dispatch('push', { data: { json: () => ({ hello: 'world' }) } })
    await dispatch('push', { data: null })
    expect(scope.registration.showNotification).not.toHaveBeenCalled()
  })
})

describe('a tap on the notification', () => {
  const reportUrl = `${MY_REPORTS_PATH}#${reportCardId('a1b2')}`

  it('brings the site’s open tab to the report', async () => {
    const open = siteWindow('/')
    windows.push(open)
    const { notification, done } = tap({ url: reportUrl })
    await done
    expect(notification.close).toHaveBeenCalled()
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}${reportUrl}`)
    expect(open.focus).toHaveBeenCalled()
    expect(scope.clients.openWindow).not.toHaveBeenCalled()
  })

  it('opens the report in a new tab when none of the site is open', async () => {
    windows.push({ ...siteWindow('/'), url: 'https://other.example/' })
    await tap({ url: reportUrl }).done
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${reportUrl}`)
  })

  it('never opens another site, whatever the notification carries', async () => {
    await tap({ url: '//evil.example/phishing' }).done
    expect(scope.clients.openWindow).not.toHaveBeenCalled()
    await tap({ url: 'https://evil.example/phishing' }).done
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`)
  })
})
