import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminOrganization } from '../../../../domain/admin'
import { apiError, stubApi } from '../../../test/api-stub'
import { FakeEventSource, liveStreamTickets, stubEventSource } from '../../../test/event-source'
import { AREAS } from '../../../test/fixtures'
import { onAPhoneScreen } from '../../../test/phone-screen'
import { renderRoute } from '../../../test/render-route'
import { signInAsAdmin } from '../../../test/sessions'

const organization = (overrides: Partial<AdminOrganization>): AdminOrganization => ({
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Mairie de Dakar-Plateau',
  type: 'mairie',
  email: 'contact@plateau.sn',
  phone: '+221 33 800 00 00',
  address: 'Place de l’Indépendance',
  city: 'Dakar',
  status: 'pending',
  is_active: true,
  pending_name: null,
  created_at: '2026-10-05T09:00:00Z',
  last_login: null,
  categories: ['Voirie', 'Propreté'],
  areas: [],
  pending_areas: null,
  ...overrides,
})

const pending = organization({})
const suspended = organization({
  id: '00000000-0000-4000-8000-00000000000b',
  name: 'ONG Setal',
  type: 'ong',
  status: 'approved',
  is_active: false,
  phone: '',
  email: 'setal@ong.sn',
})

const list = (items: AdminOrganization[], total = items.length) => ({
  status: 200,
  body: {
    items,
    total,
    page: 1,
    pageSize: 10,
    counts: { total: 14, approved: 9, pending: 4, suspended: 1, name_changes: 1, zone_changes: 1 },
  },
})

beforeEach(() => signInAsAdmin())

describe('Admin organisations', () => {
  it('shows the counts and the table, a suspended organisation as "Suspendu"', async () => {
    stubApi({ '/api/admin/organizations': list([pending, suspended], 14) })
    renderRoute('/admin/organizations')
    expect(await screen.findByRole('heading', { name: 'Organisations', level: 1 })).toBeInTheDocument()
    expect(await within(screen.getByRole('region', { name: 'Total' })).findByText('14')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Approuvées' })).getByText('9')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'En attente' })).getByText('4')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Suspendues' })).getByText('1')).toBeInTheDocument()

    const table = screen.getByRole('table', { name: 'Liste des organisations' })
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement]
    expect(first).toHaveTextContent('Mairie de Dakar-Plateau')
    expect(first).toHaveTextContent('contact@plateau.sn')
    expect(first).toHaveTextContent('+221 33 800 00 00')
    expect(first).toHaveTextContent('Mairie')
    expect(first).toHaveTextContent('5 octobre 2026')
    expect(within(first).getByText('En attente')).toBeInTheDocument()
    expect(within(second).getByText('Suspendu')).toBeInTheDocument()
    expect(second).toHaveTextContent('ONG')
    expect(screen.getByText('Page 1 / 2')).toBeInTheDocument()
  })

  it('searches and filters on the server', async () => {
    const { calls } = stubApi({ '/api/admin/organizations': list([]) })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    expect(await screen.findByText('Aucune organisation trouvée')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Statut'), 'rejected')
    await user.type(screen.getByLabelText('Rechercher'), 'thiès')
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        `/api/admin/organizations?q=${encodeURIComponent('thiès')}&status=rejected`,
      ),
    )
  })

  it('approves from the row menu with the toast', async () => {
    const { calls } = stubApi({
      '/api/admin/organizations': list([pending]),
      [`PATCH /api/admin/organizations/${pending.id}`]: {
        status: 200,
        body: { id: pending.id, status: 'approved', is_active: true },
      },
    })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Actions pour Mairie de Dakar-Plateau' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Rejeter' })).toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Suspendre' })).toBeInTheDocument()
    await user.click(within(menu).getByRole('menuitem', { name: 'Approuver' }))
    expect(await screen.findByText('Statut mis à jour')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'approved' })
    // The list is reloaded after the change.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2))
  })

  it('asks before rejecting or suspending from the row menu: cancelling changes nothing', async () => {
    const { calls } = stubApi({
      '/api/admin/organizations': list([pending]),
      [`PATCH /api/admin/organizations/${pending.id}`]: {
        status: 200,
        body: { id: pending.id, status: 'pending', is_active: false },
      },
    })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    const menuButton = await screen.findByRole('button', { name: 'Actions pour Mairie de Dakar-Plateau' })

    await user.click(menuButton)
    await user.click(await screen.findByRole('menuitem', { name: 'Rejeter' }))
    const reject = await screen.findByRole('dialog', { name: 'Rejeter cette organisation\u202f?' })
    expect(reject).toHaveTextContent(
      '«\u202fMairie de Dakar-Plateau\u202f» ne pourra pas se connecter à l’espace organisation',
      { normalizeWhitespace: false },
    )
    await user.click(within(reject).getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([])

    await user.click(menuButton)
    await user.click(await screen.findByRole('menuitem', { name: 'Suspendre' }))
    const suspend = await screen.findByRole('dialog', { name: 'Suspendre cette organisation\u202f?' })
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([])
    await user.click(within(suspend).getByRole('button', { name: 'Suspendre' }))
    expect(await screen.findByText('Statut mis à jour')).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { is_active: false },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('shows the details, "Non renseigné" for a missing phone, and reactivates from there', async () => {
    const { calls } = stubApi({
      '/api/admin/organizations': list([suspended]),
      [`/api/admin/organizations/${suspended.id}`]: {
        status: 200,
        body: {
          ...suspended,
          members: [
            {
              id: 'm1',
              name: 'Awa Ndiaye',
              email: 'awa@setal.sn',
              role: 'responsable',
              status: 'active',
              last_login: null,
            },
          ],
        },
      },
      [`PATCH /api/admin/organizations/${suspended.id}`]: {
        status: 200,
        body: { id: suspended.id, status: 'approved', is_active: true },
      },
    })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Actions pour ONG Setal' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Voir les détails' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails de l’organisation' })
    expect(within(dialog).getByText('Non renseigné')).toBeInTheDocument()
    expect(within(dialog).getByText('Place de l’Indépendance, Dakar')).toBeInTheDocument()
    expect(within(dialog).getByText('Voirie')).toBeInTheDocument()
    expect(within(dialog).getByText('Suspendu')).toBeInTheDocument()
    // Its team (issue 29).
    const members = within(dialog).getByRole('region', { name: 'Membres de l’équipe' })
    expect(await within(members).findByText('Awa Ndiaye')).toBeInTheDocument()
    expect(members).toHaveTextContent('Responsable · Actif')
    await user.click(within(dialog).getByRole('button', { name: 'Annuler l’approbation' }))
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'pending' })
    await user.click(within(dialog).getByRole('button', { name: 'Réactiver' }))
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ is_active: true }),
    )
  })

  it('shows the zone in the details, and changes it to chosen communes', async () => {
    let shown = pending
    const { calls } = stubApi({
      '/api/admin/organizations': () => list([shown]),
      [`/api/admin/organizations/${pending.id}`]: () => ({ status: 200, body: { ...shown, members: [] } }),
      'GET /api/areas': { status: 200, body: AREAS },
      [`PATCH /api/admin/organizations/${pending.id}`]: ({ body }) => {
        const { areaIds } = body as { areaIds: number[] }
        shown = {
          ...pending,
          areas: AREAS.filter((area) => areaIds.includes(area.id)).map(({ id, name }) => ({ id, name })),
        }
        return { status: 200, body: shown }
      },
    })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Actions pour Mairie de Dakar-Plateau' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Voir les détails' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails de l’organisation' })
    expect(within(dialog).getByText('Zone d’intervention')).toBeInTheDocument()
    expect(within(dialog).getByText('Tout le département de Dakar')).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Modifier la zone' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Certaines communes' }))
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la zone' }))
    expect(
      await within(dialog).findByText('Choisissez au moins une commune, ou tout le département de Dakar.'),
    ).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0)

    const medina = await within(dialog).findByRole('checkbox', { name: 'Médina' })
    await user.click(medina)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gorée' }))
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer la zone' }))
    expect(await screen.findByText('Zone d’intervention mise à jour')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ areaIds: [2, 3] })
    // The form closes, and the details show the new zone.
    expect(await within(dialog).findByText('Gorée, Médina')).toBeInTheDocument()
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Modifier la zone' })).toBeInTheDocument()
  })

  it('cancels a change of zone without sending it', async () => {
    const medinaOnly = organization({ areas: [{ id: 3, name: 'Médina' }] })
    const { calls } = stubApi({
      '/api/admin/organizations': list([medinaOnly]),
      [`/api/admin/organizations/${medinaOnly.id}`]: { status: 200, body: { ...medinaOnly, members: [] } },
      'GET /api/areas': { status: 200, body: AREAS },
    })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Actions pour Mairie de Dakar-Plateau' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Voir les détails' }))
    const dialog = await screen.findByRole('dialog', { name: 'Détails de l’organisation' })
    expect(within(dialog).getByText('Médina')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Modifier la zone' }))
    expect(await within(dialog).findByRole('checkbox', { name: 'Médina' })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: 'Tout le département de Dakar' }))
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument()
    expect(within(dialog).getByText('Médina')).toBeInTheDocument()
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0)
  })

  it('shows the new name an organisation asked for, takes it from the row menu, and lists those waiting', async () => {
    const renamed = organization({ status: 'approved', pending_name: 'Ville de Dakar — Services techniques' })
    const { calls } = stubApi({
      '/api/admin/organizations': list([renamed]),
      [`PATCH /api/admin/organizations/${renamed.id}`]: {
        status: 200,
        body: {
          id: renamed.id,
          name: renamed.pending_name,
          pending_name: null,
          status: 'approved',
          is_active: true,
        },
      },
    })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    const table = await screen.findByRole('table', { name: 'Liste des organisations' })
    // Matched after the usual whitespace normalisation (the text has no-break spaces).
    expect(
      within(table).getByText('Nouveau nom demandé : « Ville de Dakar — Services techniques »'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Actions pour Mairie de Dakar-Plateau' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Refuser le nouveau nom' })).toBeInTheDocument()
    await user.click(within(menu).getByRole('menuitem', { name: 'Valider le nouveau nom' }))
    expect(await screen.findByText('Statut mis à jour')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name_change: 'approve' })
    // The organisations whose new name waits are one choice of the filter, with their number.
    await user.selectOptions(screen.getByLabelText('Statut'), 'Nouveau nom à valider (1)')
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/organizations?status=name_change'))
  })

  // Issue 47, point 10: an approved organisation's new zone waits for an administrator.
  it('shows the new zone an organisation asked for, takes it from its details, and lists those waiting', async () => {
    const asking = organization({
      status: 'approved',
      areas: [{ id: 3, name: 'Médina' }],
      pending_areas: [
        { id: 3, name: 'Médina' },
        { id: 18, name: 'Parcelles Assainies' },
      ],
    })
    let shown = asking
    const { calls } = stubApi({
      '/api/admin/organizations': () => list([shown]),
      [`/api/admin/organizations/${asking.id}`]: () => ({ status: 200, body: { ...shown, members: [] } }),
      [`PATCH /api/admin/organizations/${asking.id}`]: () => {
        shown = { ...asking, areas: asking.pending_areas ?? [], pending_areas: null }
        return { status: 200, body: shown }
      },
    })
    renderRoute('/admin/organizations')
    const user = userEvent.setup()
    const table = await screen.findByRole('table', { name: 'Liste des organisations' })
    // Matched after the usual whitespace normalisation (the texts have no-break spaces).
    expect(
      within(table).getByText('Nouvelle zone demandée : Médina, Parcelles Assainies'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Actions pour Mairie de Dakar-Plateau' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitem', { name: 'Valider la nouvelle zone' })).toBeInTheDocument()
    expect(within(menu).getByRole('menuitem', { name: 'Refuser la nouvelle zone' })).toBeInTheDocument()
    await user.click(within(menu).getByRole('menuitem', { name: 'Voir les détails' }))

    const dialog = await screen.findByRole('dialog', { name: 'Détails de l’organisation' })
    expect(within(dialog).getByText('Médina')).toBeInTheDocument()
    expect(
      within(dialog).getByText('Nouvelle zone demandée : Médina, Parcelles Assainies'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Valider la nouvelle zone' }))
    expect(await screen.findByText('Statut mis à jour')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ zone_change: 'approve' })
    // The details show the zone taken, and nothing left to decide.
    expect(await within(dialog).findByText('Médina, Parcelles Assainies')).toBeInTheDocument()
    expect(within(dialog).queryByText(/Nouvelle zone demandée/)).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Valider la nouvelle zone' })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }))

    // The organisations whose new zone waits are one choice of the filter, with their number.
    await user.selectOptions(screen.getByLabelText('Statut'), 'Nouvelle zone à valider (1)')
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/organizations?status=zone_change'))
  })

  it('says when the list cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubApi({ '/api/admin/organizations': apiError(500, 'internal', 'Une erreur interne est survenue.') })
    renderRoute('/admin/organizations')
    expect(await screen.findByText('Impossible de charger les organisations')).toBeInTheDocument()
  })

  it('stacks the organisations as cards on a phone', async () => {
    onAPhoneScreen()
    stubApi({ '/api/admin/organizations': list([pending, suspended]) })
    renderRoute('/admin/organizations')
    const cards = await screen.findAllByRole('article')
    expect(cards).toHaveLength(2)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(
      within(cards[0] as HTMLElement).getByRole('heading', { name: 'Mairie de Dakar-Plateau' }),
    ).toBeInTheDocument()
    expect(within(cards[1] as HTMLElement).getByText('Suspendu')).toBeInTheDocument()
  })

  it('reloads by itself when the server says an organisation changed', async () => {
    stubEventSource()
    const { calls, callsTo } = stubApi({
      '/api/admin/organizations': list([pending]),
      ...liveStreamTickets(),
    })
    renderRoute('/admin/organizations')
    await screen.findByText('Mairie de Dakar-Plateau')
    // The stream's ticket is asked with the administrator's token, so that it hears about every
    // organisation; the token itself stays out of the stream's address.
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1))
    expect(callsTo('POST', '/api/events/ticket')[0]?.authorization).toBe('Bearer admin-token')
    const stream = FakeEventSource.open().at(-1)
    expect(stream?.url).toBe('/api/events?ticket=ticket-1')
    stream?.emit('organizations.changed', { type: 'organizations.changed', organizationId: pending.id })
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/organizations')).toHaveLength(2),
    )
  })
})
