import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { apiError, stubApi } from '../../../test/api-stub'
import { stubEventSource } from '../../../test/event-source'
import {
  fakePushBrowser,
  forgetFakePushBrowser,
  PUSH_ENDPOINT,
  PUSH_SUBSCRIPTION_JSON,
} from '../../../test/fake-push-browser'
import { organizationProfile } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { signInOrganization } from '../../../test/sessions'

beforeEach(() => {
  stubEventSource()
  signInOrganization()
})
afterEach(() => forgetFakePushBrowser())

const PATH = '/organization/settings'
const replies = {
  'GET /api/org/me': { status: 200, body: organizationProfile() },
  'GET /api/push/key': { status: 200, body: { publicKey: 'K'.repeat(87) } },
  'POST /api/org/push': { status: 201 },
  'DELETE /api/org/push': { status: 204 },
}
const turnOnButton = () => screen.findByRole('button', { name: 'Activer les notifications' })

describe('Settings, Notifications sur ce téléphone', () => {
  it('asks for permission on the tap, then gives the subscription to the server for the signed-in member', async () => {
    const browser = fakePushBrowser({})
    const api = stubApi(replies)
    renderRoute(PATH)
    expect(await screen.findByRole('heading', { name: 'Notifications sur ce téléphone' })).toBeInTheDocument()
    const button = await turnOnButton()
    expect(browser.notification.requestPermission).not.toHaveBeenCalled()

    await userEvent.click(button)
    expect(await screen.findByText(/^Activé : ce téléphone reçoit une notification/)).toBeInTheDocument()
    const [sent] = api.callsTo('POST', '/api/org/push')
    expect(sent?.body).toEqual({ ...PUSH_SUBSCRIPTION_JSON, language: 'fr' })
    expect(sent?.authorization).toBe('Bearer access-1')
    expect(screen.getByRole('button', { name: 'Désactiver les notifications' })).toBeInTheDocument()
  })

  it('takes a new subscription when this browser’s one is another’s (the citizen of this phone, another agent)', async () => {
    const browser = fakePushBrowser({ subscribed: true })
    const api = stubApi({
      ...replies,
      'POST /api/org/push': (call) =>
        (call.body as { endpoint: string }).endpoint === PUSH_ENDPOINT
          ? apiError(409, 'conflict', 'Cet abonnement aux notifications appartient à un autre appareil.')
          : { status: 201 },
    })
    renderRoute(PATH)
    await userEvent.click(await turnOnButton())
    expect(await screen.findByText(/^Activé : ce téléphone reçoit une notification/)).toBeInTheDocument()
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1)
    expect(
      api.callsTo('POST', '/api/org/push').map((call) => (call.body as { endpoint: string }).endpoint),
    ).toEqual([PUSH_ENDPOINT, `${PUSH_ENDPOINT}-2`])
  })

  it('turns them off: the server forgets the phone and the browser unsubscribes', async () => {
    fakePushBrowser({ permission: 'granted', subscribed: true })
    const api = stubApi(replies)
    renderRoute(PATH)
    await userEvent.click(await screen.findByRole('button', { name: 'Désactiver les notifications' }))
    expect(await turnOnButton()).toBeInTheDocument()
    expect(api.callsTo('DELETE', '/api/org/push')[0]?.body).toEqual({ endpoint: PUSH_ENDPOINT })
  })

  it('says when the site is blocked, or the browser cannot receive notifications, with no button', async () => {
    fakePushBrowser({ permission: 'denied' })
    stubApi(replies)
    const { unmount } = renderRoute(PATH)
    expect(await screen.findByText(/Les notifications sont bloquées pour ce site/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /notifications/ })).not.toBeInTheDocument()
    unmount()

    forgetFakePushBrowser()
    renderRoute(PATH)
    expect(
      await screen.findByText('Ce navigateur ne peut pas recevoir de notifications.'),
    ).toBeInTheDocument()
  })
})
