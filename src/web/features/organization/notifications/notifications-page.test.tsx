import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { apiError, pageReply, stubApi } from '../../../test/api-stub'
import { stubEventSource } from '../../../test/event-source'
import { ORGANIZATION_STATS, organizationReport } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { ORGANIZATION_ID, signInOrganization } from '../../../test/sessions'

beforeEach(() => {
  stubEventSource()
  signInOrganization()
})

const PATH = '/organization/notifications'
const LONG = `${'Les eaux usées débordent sur la chaussée devant le marché. '.repeat(4)}Fin du texte.`

const sentItem = {
  id: 'n1',
  report_id: 'r1',
  report_type: 'Assainissement',
  anonymous_code: 'K7M2QX4P',
  title: 'Intervention programmée',
  message: 'Nos équipes passeront jeudi.',
  type: 'info',
  created_at: '2026-11-23T10:05:00.000Z',
}

describe('Notifications', () => {
  it('lists the assigned reports with a 120-character preview and "Voir plus" for the whole text', async () => {
    stubApi({
      'GET /api/org/reports/managed': pageReply(
        [
          organizationReport({
            anonymous_code: 'K7M2QX4P',
            description: LONG,
            assigned_organization_id: ORGANIZATION_ID,
            notifications_count: 2,
          }),
        ],
        { pageSize: 8 },
      ),
      'GET /api/org/notifications': { status: 200, body: { items: [] } },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    const card = await screen.findByRole('article')
    const preview = within(card).getByText(/^Les eaux usées/)
    expect(preview.textContent?.endsWith('…')).toBe(true)
    expect(preview.textContent?.length).toBeLessThanOrEqual(121)
    expect(within(card).getByText('2 message(s) envoyé(s)')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Voir plus sur le signalement K7M2QX4P' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails du signalement' })
    expect(within(dialog).getByText(LONG)).toBeInTheDocument()
  })

  it('sends a message: both fields required, then "Notification envoyée" and the list of messages sent', async () => {
    const report = organizationReport({
      anonymous_code: 'K7M2QX4P',
      description: LONG,
      assigned_organization_id: ORGANIZATION_ID,
    })
    let sent: (typeof sentItem)[] = []
    const api = stubApi({
      'GET /api/org/reports/managed': pageReply([report], { pageSize: 8 }),
      'GET /api/org/notifications': () => ({ status: 200, body: { items: sent } }),
      'GET /api/org/stats': { status: 200, body: ORGANIZATION_STATS },
      [`POST /api/org/reports/${report.id}/notifications`]: ({ body }) => {
        sent = [{ ...sentItem, ...(body as object) }]
        return { status: 201, body: sent[0] }
      },
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    expect(await screen.findByText('Aucun message envoyé')).toBeInTheDocument()
    await user.click(
      await screen.findByRole('button', { name: 'Envoyer un message au citoyen du signalement K7M2QX4P' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer un message' })
    // Who reads it, truthfully: the filing device alone (the API test privacy.test.ts holds it).
    expect(dialog).toHaveAccessibleDescription(
      'Seul l’appareil qui a déposé ce signalement recevra votre message, de façon anonyme. Les personnes qui le suivent ou le soutiennent ne voient que son statut.',
    )
    // The report's description, cut to 100 characters.
    const excerpt = within(dialog).getByText(/^Les eaux usées/)
    expect(excerpt.textContent?.length).toBeLessThanOrEqual(101)

    await user.type(within(dialog).getByLabelText('Titre'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }))
    expect(await within(dialog).findAllByText('Veuillez remplir tous les champs')).toHaveLength(2)
    expect(api.callsTo('POST', `/api/org/reports/${report.id}/notifications`)).toHaveLength(0)

    await user.clear(within(dialog).getByLabelText('Titre'))
    await user.type(within(dialog).getByLabelText('Titre'), 'Intervention programmée')
    await user.type(within(dialog).getByLabelText('Message'), 'Nos équipes passeront jeudi.')
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }))
    expect(await screen.findByText('Notification envoyée')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo('POST', `/api/org/reports/${report.id}/notifications`)[0]?.body).toEqual({
      title: 'Intervention programmée',
      message: 'Nos équipes passeront jeudi.',
    })
    const messages = screen.getByRole('region', { name: 'Messages envoyés' })
    expect(
      await within(messages).findByRole('heading', { name: 'Intervention programmée' }),
    ).toBeInTheDocument()
    expect(within(messages).getByText('Nos équipes passeront jeudi.')).toBeInTheDocument()
    expect(within(messages).getByText('Signalement « Assainissement » · K7M2QX4P')).toBeInTheDocument()
    expect(within(messages).getByText(/23 novembre 2026/)).toBeInTheDocument()
  })

  it('keeps the dialog open and says why when sending fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const report = organizationReport({
      anonymous_code: 'K7M2QX4P',
      assigned_organization_id: ORGANIZATION_ID,
    })
    stubApi({
      'GET /api/org/reports/managed': pageReply([report], { pageSize: 8 }),
      'GET /api/org/notifications': { status: 200, body: { items: [] } },
      [`POST /api/org/reports/${report.id}/notifications`]: apiError(
        403,
        'forbidden',
        'Ce signalement n’est pas géré par votre organisation.',
      ),
    })
    const user = userEvent.setup()
    renderRoute(PATH)
    await user.click(
      await screen.findByRole('button', { name: 'Envoyer un message au citoyen du signalement K7M2QX4P' }),
    )
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Titre'), 'Bonjour')
    await user.type(within(dialog).getByLabelText('Message'), 'Nous arrivons.')
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }))
    expect(
      await screen.findByText('Ce signalement n’est pas géré par votre organisation.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('says when nothing is assigned yet, and when the messages cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({
      'GET /api/org/reports/managed': pageReply([], { pageSize: 8 }),
      'GET /api/org/notifications': apiError(500, 'internal', 'Une erreur interne est survenue.'),
    })
    renderRoute(PATH)
    expect(await screen.findByText('Aucun signalement assigné')).toBeInTheDocument()
    expect(await screen.findByText('Impossible de charger les messages envoyés')).toBeInTheDocument()
  })
})
