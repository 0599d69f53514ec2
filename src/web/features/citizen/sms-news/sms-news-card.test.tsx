import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { SMS_NEWS_MESSAGES } from '../../../../domain/sms-rules'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { apiError, stubApi } from '../../../test/api-stub'
import { pageSays } from '../../../test/page-meta'
import { renderRoute } from '../../../test/render-route'

const TOKEN = 'S'.repeat(43)

beforeEach(() => {
  useCitizenDeviceStore.setState({ citizenToken: TOKEN, pushLanguage: null })
})

const lists = {
  'GET /api/citizen/reports': { status: 200, body: { items: [] } },
  'GET /api/citizen/notifications': { status: 200, body: { items: [], unread: 0 } },
}

describe('news by SMS (Mes signalements)', () => {
  it('is not offered, nor asked about, when the SMS channel is off', async () => {
    const { calls } = stubApi(lists)
    renderRoute('/mes-signalements')
    await screen.findByRole('heading', { name: 'Mes signalements', level: 1 })
    expect(screen.queryByRole('region', { name: 'Nouvelles par SMS' })).toBeNull()
    expect(calls.some((call) => call.path === '/api/citizen/sms-news')).toBe(false)
  })

  it('sends a code to the number given, confirms it, and stops on request', async () => {
    pageSays('sms-number', '+221338000000')
    const { callsTo } = stubApi({
      ...lists,
      'GET /api/citizen/sms-news': { status: 200, body: { state: 'off' } },
      'POST /api/citizen/sms-news': { status: 200, body: { state: 'waiting' } },
      'POST /api/citizen/sms-news/confirm': (call) =>
        (call.body as { code?: string } | undefined)?.code === '123456'
          ? { status: 200, body: { state: 'on' } }
          : apiError(400, 'invalid_input', SMS_NEWS_MESSAGES.wrongCode, 'code', 'smsNews.wrongCode'),
      'DELETE /api/citizen/sms-news': { status: 204 },
    })
    renderRoute('/mes-signalements')
    const card = within(await screen.findByRole('region', { name: 'Nouvelles par SMS' }))
    await userEvent.type(card.getByLabelText('Numéro de téléphone'), '77 555 12 34')
    await userEvent.click(card.getByRole('button', { name: 'Recevoir un code par SMS' }))
    const [asked] = callsTo('POST', '/api/citizen/sms-news')
    expect(asked?.body).toEqual({ phone: '77 555 12 34', language: 'fr' })
    expect(asked?.headers.get('x-citizen-token')).toBe(TOKEN)
    expect(await card.findByText(/^Un code à 6 chiffres vient d’être envoyé par SMS/)).toBeInTheDocument()

    await userEvent.type(card.getByLabelText('Code reçu par SMS'), '000000')
    await userEvent.click(card.getByRole('button', { name: 'Confirmer' }))
    expect(await card.findByRole('alert')).toHaveTextContent('Code incorrect')

    await userEvent.clear(card.getByLabelText('Code reçu par SMS'))
    await userEvent.type(card.getByLabelText('Code reçu par SMS'), '123456')
    await userEvent.click(card.getByRole('button', { name: 'Confirmer' }))
    expect(await card.findByText(/^Activé.*arrivent aussi par SMS/)).toBeInTheDocument()

    await userEvent.click(card.getByRole('button', { name: 'Ne plus les recevoir par SMS' }))
    expect(await card.findByRole('button', { name: 'Recevoir un code par SMS' })).toBeInTheDocument()
    expect(callsTo('DELETE', '/api/citizen/sms-news')).toHaveLength(1)
  })

  it('says why no code was sent: a number outside the ranges served, or too many codes', async () => {
    pageSays('sms-number', '+221338000000')
    const refusals = [
      apiError(400, 'invalid_input', SMS_NEWS_MESSAGES.numberNotAllowed, 'phone', 'smsNews.numberNotAllowed'),
      apiError(
        429,
        'too_many_requests',
        SMS_NEWS_MESSAGES.numberTooManyCodes,
        undefined,
        'smsNews.numberTooManyCodes',
      ),
      apiError(
        429,
        'too_many_requests',
        SMS_NEWS_MESSAGES.tooManyCodesOverall,
        undefined,
        'smsNews.tooManyCodesOverall',
      ),
    ]
    let answered = 0
    stubApi({
      ...lists,
      'GET /api/citizen/sms-news': { status: 200, body: { state: 'off' } },
      'POST /api/citizen/sms-news': () => refusals[answered++] ?? { status: 200, body: { state: 'waiting' } },
    })
    renderRoute('/mes-signalements')
    const card = within(await screen.findByRole('region', { name: 'Nouvelles par SMS' }))
    await userEvent.type(card.getByLabelText('Numéro de téléphone'), '+44 7700 900123')
    for (const said of [
      'Ce numéro ne peut pas recevoir de code\u202f: seuls les numéros de mobile du Sénégal (77 123 45 67), et ceux des pays acceptés par la plateforme, en reçoivent.',
      'Ce numéro a déjà reçu 3 codes aujourd’hui\u202f: réessayez demain.',
      'Trop de codes envoyés en ce moment\u202f: réessayez dans une heure.',
    ]) {
      await userEvent.click(card.getByRole('button', { name: 'Recevoir un code par SMS' }))
      await waitFor(() => expect(card.getByRole('alert').textContent).toBe(said))
    }
    expect(card.getByRole('button', { name: 'Recevoir un code par SMS' })).toBeInTheDocument()
  })
})
