import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PUSH_SUBSCRIBE_TIMEOUT_MS } from '../../../../domain/constants'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { apiError, stubApi } from '../../../test/api-stub'
import {
  fakePushBrowser,
  forgetFakePushBrowser,
  PUSH_ENDPOINT,
  PUSH_SUBSCRIPTION_JSON,
} from '../../../test/fake-push-browser'
import { renderRoute } from '../../../test/render-route'

const TOKEN = 'N'.repeat(43)

beforeEach(() => {
  useCitizenDeviceStore.setState({ citizenToken: TOKEN, pushLanguage: null })
})
afterEach(() => {
  vi.useRealTimers()
  forgetFakePushBrowser()
})

const replies = {
  'GET /api/citizen/reports': { status: 200, body: { items: [] } },
  'GET /api/citizen/notifications': { status: 200, body: { items: [], unread: 0 } },
  'GET /api/push/key': { status: 200, body: { publicKey: 'K'.repeat(87) } },
  'POST /api/citizen/push': { status: 201 },
  'DELETE /api/citizen/push': { status: 204 },
}

describe('news on this phone (Mes signalements)', () => {
  it('asks for permission only on the tap, then gives the subscription to the server with the device and its language', async () => {
    const browser = fakePushBrowser({})
    const { callsTo } = stubApi(replies)
    renderRoute('/mes-signalements')
    const button = await screen.findByRole('button', { name: 'Recevoir les nouvelles sur ce téléphone' })
    expect(browser.notification.requestPermission).not.toHaveBeenCalled()

    await userEvent.click(button)
    expect(await screen.findByText(/^Activé : ce téléphone reçoit une notification/)).toBeInTheDocument()
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1)
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: 'K'.repeat(87),
    })
    const [sent] = callsTo('POST', '/api/citizen/push')
    expect(sent?.body).toEqual({ ...PUSH_SUBSCRIPTION_JSON, language: 'fr' })
    expect(sent?.headers.get('x-citizen-token')).toBe(TOKEN)
    expect(screen.getByRole('button', { name: 'Ne plus les recevoir' })).toBeInTheDocument()
  })

  it('says it is turning them on, and gives up with a retry when the push service does not answer', async () => {
    const browser = fakePushBrowser({})
    // The browser's push service never answers this first time.
    const answered = browser.pushManager.subscribe.getMockImplementation()
    browser.pushManager.subscribe.mockImplementationOnce(() => new Promise<never>(() => {}))
    const { callsTo } = stubApi(replies)
    renderRoute('/mes-signalements')
    const button = await screen.findByRole('button', { name: 'Recevoir les nouvelles sur ce téléphone' })
    // The page's clock, moved by the test: 15 s pass in no time.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })

    await user.click(button)
    expect(await screen.findByRole('button', { name: 'Activation…' })).toBeDisabled()
    await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS - 1000)
    expect(screen.getByRole('button', { name: 'Activation…' })).toBeDisabled()
    expect(screen.queryByText(/ne répond pas/)).not.toBeInTheDocument()

    await vi.advanceTimersByTimeAsync(1000)
    expect(
      await screen.findByText(
        'Le service de notifications ne répond pas. Vérifiez votre connexion, puis réessayez.',
      ),
    ).toBeInTheDocument()
    expect(callsTo('POST', '/api/citizen/push')).toEqual([])

    // It answers the second time.
    browser.pushManager.subscribe.mockImplementation(answered as never)
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText(/^Activé : ce téléphone reçoit une notification/)).toBeInTheDocument()
    expect(screen.queryByText(/ne répond pas/)).not.toBeInTheDocument()
    expect(callsTo('POST', '/api/citizen/push')).toHaveLength(1)
  })

  it('takes a new subscription when the browser’s one was given under another token of this phone', async () => {
    // Subscribed in the browser, but the permission asked again (the phone reset the site's settings).
    const browser = fakePushBrowser({ subscribed: true })
    const { callsTo } = stubApi({
      ...replies,
      'POST /api/citizen/push': (call) =>
        (call.body as { endpoint: string }).endpoint === PUSH_ENDPOINT
          ? apiError(409, 'conflict', 'Cet abonnement aux notifications appartient à un autre appareil.')
          : { status: 201 },
    })
    renderRoute('/mes-signalements')
    await userEvent.click(
      await screen.findByRole('button', { name: 'Recevoir les nouvelles sur ce téléphone' }),
    )
    expect(await screen.findByText(/^Activé : ce téléphone reçoit une notification/)).toBeInTheDocument()
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1)
    expect(
      callsTo('POST', '/api/citizen/push').map((call) => (call.body as { endpoint: string }).endpoint),
    ).toEqual([PUSH_ENDPOINT, `${PUSH_ENDPOINT}-2`])
  })

  it('turns them off: the server forgets the phone and the browser unsubscribes', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true })
    useCitizenDeviceStore.setState({ pushLanguage: 'fr' })
    const { callsTo } = stubApi(replies)
    renderRoute('/mes-signalements')
    await userEvent.click(await screen.findByRole('button', { name: 'Ne plus les recevoir' }))
    expect(
      await screen.findByRole('button', { name: 'Recevoir les nouvelles sur ce téléphone' }),
    ).toBeInTheDocument()
    expect(callsTo('DELETE', '/api/citizen/push')[0]?.body).toEqual({ endpoint: PUSH_ENDPOINT })
  })

  it('says so when the person refuses, or the site is blocked, without a button that cannot work', async () => {
    fakePushBrowser({ answer: 'denied' })
    const { callsTo } = stubApi(replies)
    renderRoute('/mes-signalements')
    await userEvent.click(
      await screen.findByRole('button', { name: 'Recevoir les nouvelles sur ce téléphone' }),
    )
    expect(await screen.findByText(/Les notifications sont bloquées pour ce site/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Recevoir les nouvelles/ })).not.toBeInTheDocument()
    expect(callsTo('POST', '/api/citizen/push')).toEqual([])
  })

  it('says when this browser cannot receive notifications at all', async () => {
    stubApi(replies)
    renderRoute('/mes-signalements')
    expect(
      await screen.findByText('Ce navigateur ne peut pas recevoir de notifications.'),
    ).toBeInTheDocument()
  })

  it('is not offered before this device has filed a report', async () => {
    fakePushBrowser({})
    useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
    stubApi(replies)
    renderRoute('/mes-signalements')
    expect(await screen.findByText('Aucun signalement pour le moment')).toBeInTheDocument()
    expect(screen.queryByText('Nouvelles sur ce téléphone')).not.toBeInTheDocument()
  })

  it('tells the server the new language when the phone’s language changed since', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true })
    useCitizenDeviceStore.setState({ pushLanguage: 'en' })
    const { callsTo } = stubApi(replies)
    renderRoute('/mes-signalements')
    await waitFor(() => expect(callsTo('POST', '/api/citizen/push')).toHaveLength(1))
    expect(callsTo('POST', '/api/citizen/push')[0]?.body).toMatchObject({ language: 'fr' })
    expect(useCitizenDeviceStore.getState().pushLanguage).toBe('fr')
  })
})
