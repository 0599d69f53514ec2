import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminStats } from '../../../../domain/admin'
import { pageReply, stubApi } from '../../../test/api-stub'
import { AREAS, adminReport } from '../../../test/fixtures'
import { pageSays } from '../../../test/page-meta'
import { renderRoute } from '../../../test/render-route'
import { signInAsAdmin } from '../../../test/sessions'
import { adminKeys } from '../api/query-keys'

const stats: AdminStats = {
  pending_reports: 12,
  in_progress_reports: 7,
  resolved_reports: 21,
  rejected_reports: 2,
  total_reports: 42,
  avg_resolution_hours: 17,
  today_reports: 3,
  week_reports: 9,
  overdue_reports: 4,
}

/** The dashboard's "À attribuer" asks for the unclaimed late reports: none unless a test says. */
const NOTHING_TO_ASSIGN = { 'GET /api/admin/reports?overdue=claim': pageReply([]) }

beforeEach(() => signInAsAdmin())

describe('Admin dashboard', () => {
  it('shows a loading skeleton while the figures and the recent reports load', async () => {
    stubApi({ '/api/admin/stats': 'pending', '/api/admin/reports': 'pending' })
    renderRoute('/admin/dashboard')
    expect(await screen.findByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Vue d’ensemble des signalements et statistiques')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des statistiques...')
    expect(screen.getAllByTestId('stat-skeleton')).toHaveLength(5)
    expect(screen.getAllByTestId('recent-skeleton')).toHaveLength(5)
    expect(screen.queryByText('Temps moyen de résolution')).not.toBeInTheDocument()
    expect(screen.queryByText('Aucun signalement récent')).not.toBeInTheDocument()
  })

  it('shows the five counters, the performance card and the 5 newest reports with their badges', async () => {
    const reports = [
      adminReport({
        type: 'Éclairage public',
        address: 'Avenue Blaise Diagne, Médina',
        department: 'Dakar',
        status: 'en-cours',
        priority: 'urgent',
      }),
      adminReport({ type: 'Voirie', department: null, status: 'resolu', priority: 'low' }),
      ...Array.from({ length: 5 }, () => adminReport({ type: 'Propreté' })),
    ]
    const { calls } = stubApi({
      '/api/admin/stats': { status: 200, body: stats },
      '/api/admin/reports': pageReply(reports, { total: 42 }),
      ...NOTHING_TO_ASSIGN,
    })
    renderRoute('/admin')

    const pending = await screen.findByRole('region', { name: 'En attente' })
    expect(await within(pending).findByText('12')).toBeInTheDocument()
    expect(within(pending).getByText('Signalements à traiter')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'En cours' })).getByText('7')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'En cours' })).getByText('En cours de traitement'),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Résolus' })).getByText('21')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Résolus' })).getByText('Problèmes résolus'),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Total' })).getByText('42')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Total' })).getByText('Tous les signalements'),
    ).toBeInTheDocument()
    const overdue = screen.getByRole('region', { name: 'En retard' })
    expect(within(overdue).getByText('4')).toBeInTheDocument()
    expect(within(overdue).getByText('Au-delà du délai de leur catégorie')).toBeInTheDocument()

    const performance = screen.getByRole('region', { name: 'Performance' })
    // 21 resolved out of 42: 50 %.
    expect(within(performance).getByText('50 %')).toBeInTheDocument()
    expect(within(performance).getByRole('progressbar', { name: 'Taux de résolution' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    )
    expect(within(performance).getByText('Aujourd’hui').nextElementSibling).toHaveTextContent('3')
    expect(within(performance).getByText('Cette semaine').nextElementSibling).toHaveTextContent('9')
    expect(within(performance).getByText('Temps moyen de résolution').nextElementSibling).toHaveTextContent(
      '17 h',
    )

    const recent = screen.getByRole('region', { name: 'Signalements récents' })
    const rows = await within(recent).findAllByRole('listitem')
    expect(rows).toHaveLength(5)
    const [lighting, road] = rows as [HTMLElement, HTMLElement]
    expect(lighting).toHaveTextContent('Éclairage public')
    // The report's own place, not the department every report of Dakar shares.
    expect(lighting).toHaveTextContent('Avenue Blaise Diagne, Médina · 22 novembre 2026')
    expect(within(lighting).getByText('Urgent')).toBeInTheDocument()
    expect(within(lighting).getByText('En cours')).toBeInTheDocument()
    expect(within(road).getByText('Faible')).toBeInTheDocument()
    expect(within(road).getByText('Résolu')).toBeInTheDocument()
    // Signed-in calls carry the administrator's token.
    expect(calls.every((call) => call.headers.get('authorization') === 'Bearer admin-token')).toBe(true)
    expect(document.title).toBe('Tableau de bord | Administration')
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
  })

  it('says a long mean time in days, as /statistiques does, and opens a recent report', async () => {
    const user = userEvent.setup()
    const report = adminReport({ type: 'Voirie', anonymous_code: 'K8J8U5FY' })
    stubApi({
      '/api/admin/stats': { status: 200, body: { ...stats, avg_resolution_hours: 196 } },
      '/api/admin/reports': pageReply([report], { total: 1 }),
      [`/api/admin/reports/${report.id}`]: 'pending',
      ...NOTHING_TO_ASSIGN,
    })
    renderRoute('/admin/dashboard')
    const performance = await screen.findByRole('region', { name: 'Performance' })
    await waitFor(() =>
      expect(within(performance).getByText('Temps moyen de résolution').nextElementSibling).toHaveTextContent(
        '8 j',
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Voir le signalement K8J8U5FY' }))
    expect(await screen.findByRole('dialog', { name: 'Détails du signalement' })).toBeInTheDocument()
  })

  it('hides the average resolution time when it is zero, and says when there is no recent report', async () => {
    stubApi({
      '/api/admin/stats': {
        status: 200,
        body: { ...stats, avg_resolution_hours: 0, resolved_reports: 0, total_reports: 0 },
      },
      '/api/admin/reports': pageReply([]),
    })
    renderRoute('/admin/dashboard')
    expect(await screen.findByText('Aucun signalement récent')).toBeInTheDocument()
    expect(
      await screen.findByText('Aucun signalement n’attend une organisation au-delà de son délai'),
    ).toBeInTheDocument()
    const performance = screen.getByRole('region', { name: 'Performance' })
    await within(performance).findByText('0 %')
    expect(within(performance).queryByText('Temps moyen de résolution')).not.toBeInTheDocument()
  })

  it('only logs a failed load: the figures read 0 and no message is shown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = {
      status: 500,
      body: { error: { code: 'internal', message: 'Une erreur interne est survenue.' } },
    }
    stubApi({ '/api/admin/stats': failure, '/api/admin/reports': failure })
    renderRoute('/admin/dashboard')
    expect(await screen.findByText('Aucun signalement récent')).toBeInTheDocument()
    expect(await within(screen.getByRole('region', { name: 'Total' })).findByText('0')).toBeInTheDocument()
    // Each failed read is logged, and nothing else is.
    const loggedReads = () =>
      new Set(logged.mock.calls.map(([what, key]) => `${what} ${JSON.stringify(key)}`))
    // Named by their keys' names, never the values they were asked with (lib/query-client.ts).
    const expected = [adminKeys.stats(), adminKeys.reportList({}, 1).slice(0, 3)]
    await waitFor(() =>
      expect(loggedReads()).toEqual(
        new Set(expected.map((key) => `Échec du chargement ${JSON.stringify(key)}`)),
      ),
    )
    expect(screen.queryByText('Erreur')).not.toBeInTheDocument()
  })

  it('lists the reports to assign with the organisations covering each, and assigns one in a click', async () => {
    const user = userEvent.setup()
    const medina = adminReport({
      type: 'Voirie',
      anonymous_code: 'K8J8U5FY',
      created_at: '2026-11-20T09:00:00.000Z',
    })
    const ngor = adminReport({ type: 'Éclairage public', anonymous_code: 'P3Q4R5ST' })
    let assigned = false
    const { calls } = stubApi({
      '/api/admin/stats': { status: 200, body: stats },
      '/api/admin/reports': pageReply([]),
      // Once given to an organisation, the report is no longer one to assign.
      'GET /api/admin/reports?overdue=claim': () => pageReply(assigned ? [ngor] : [medina, ngor]),
      [`/api/admin/reports/${medina.id}/eligible-organizations`]: {
        status: 200,
        body: {
          items: [
            { id: 'org-medina', name: 'Mairie de Médina' },
            { id: 'org-roads', name: 'AGEROUTE' },
          ],
        },
      },
      [`/api/admin/reports/${ngor.id}/eligible-organizations`]: { status: 200, body: { items: [] } },
      [`PATCH /api/admin/reports/${medina.id}`]: () => {
        assigned = true
        return { status: 200, body: { ...medina, history: [], notifications: [] } }
      },
    })
    renderRoute('/admin/dashboard')
    const toAssign = await screen.findByRole('region', { name: 'À attribuer' })
    expect(
      within(toAssign).getByRole('link', { name: 'Voir tous les signalements à attribuer' }),
    ).toHaveAttribute('href', '/admin/reports?statut=en-attente&retard=claim')
    const rows = await within(toAssign).findAllByRole('listitem', {}, { timeout: 5000 })
    const first = rows[0] as HTMLElement
    expect(first).toHaveTextContent('Voirie')
    expect(first).toHaveTextContent('Déposé le 20 novembre 2026')
    const organizations = await within(first).findByRole('list', { name: 'Organisations qui le couvrent' })
    expect(
      within(organizations)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Attribuer à Mairie de Médina', 'Attribuer à AGEROUTE'])
    expect(
      await within(toAssign).findByText(
        'Aucune organisation approuvée et active n’est chargée de la catégorie « Éclairage public ».',
        { normalizer: (text) => text.replace(/\s/g, ' ') },
      ),
    ).toBeInTheDocument()

    await user.click(
      within(organizations).getByRole('button', {
        name: 'Attribuer le signalement K8J8U5FY à Mairie de Médina',
      }),
    )
    expect(await screen.findByText('Signalement attribué à Mairie de Médina')).toBeInTheDocument()
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ organization_id: 'org-medina' })
    // The list and the figures are read again: the report has left it.
    await waitFor(() => expect(within(toAssign).queryByText('Voirie')).not.toBeInTheDocument())
    expect(within(toAssign).getByText('Éclairage public')).toBeInTheDocument()
    expect(calls.filter((call) => call.path === '/api/admin/stats').length).toBeGreaterThan(1)
  })

  it('leads from "À attribuer" to the report list filtered to the waiting reports late to be claimed', async () => {
    const { calls } = stubApi({
      ...NOTHING_TO_ASSIGN,
      '/api/admin/stats': { status: 200, body: stats },
      '/api/admin/reports': pageReply([adminReport()]),
      '/api/areas': { status: 200, body: AREAS },
    })
    const { router } = renderRoute('/admin/dashboard')
    const toAssign = await screen.findByRole('region', { name: 'À attribuer' })
    await userEvent
      .setup()
      .click(within(toAssign).getByRole('link', { name: 'Voir tous les signalements à attribuer' }))
    expect(await screen.findByRole('heading', { name: 'Gestion des signalements' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/reports')
    // `retard=claim` read from the address, sent as `overdue=claim`, shown in its filter: not the
    // reports put back "En attente" that are late to be resolved.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/admin/reports').at(-1)?.url).toBe(
        '/api/admin/reports?status=en-attente&overdue=claim',
      ),
    )
    expect(screen.getByLabelText('Délai')).toHaveValue('claim')
    expect(screen.getByLabelText('Statut')).toHaveValue('en-attente')
  })

  it('shows the SMS card when the channel is on: the gateway, the last message, what waits and what failed today', async () => {
    const { calls } = stubApi({
      '/api/admin/stats': { status: 200, body: stats },
      '/api/admin/reports': pageReply([]),
      ...NOTHING_TO_ASSIGN,
    })
    const { unmount } = renderRoute('/admin')
    await screen.findByRole('region', { name: 'Performance' })
    // Without the channel, no card and no question about it.
    expect(screen.queryByRole('region', { name: /^SMS/ })).toBeNull()
    expect(calls.some((call) => call.url.includes('/api/admin/sms'))).toBe(false)
    unmount()

    pageSays('sms-number', '+221338000000')
    stubApi({
      '/api/admin/stats': { status: 200, body: stats },
      '/api/admin/reports': pageReply([]),
      ...NOTHING_TO_ASSIGN,
      '/api/admin/sms': {
        status: 200,
        body: {
          gateway_reachable: false,
          last_received_at: '2026-12-02T09:30:00Z',
          waiting: 3,
          failed_today: 2,
        },
      },
    })
    renderRoute('/admin')
    const card = await screen.findByRole('region', { name: 'SMS · 33 800 00 00' })
    expect(await within(card).findByText('Injoignable')).toBeInTheDocument()
    const figures = Object.fromEntries(
      within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(figures).toEqual({
      Passerelle: 'Injoignable',
      'Dernier message reçu': '2 décembre 2026 à 09:30',
      'En attente d’envoi': '3',
      'Échecs aujourd’hui': '2',
    })
  })
})
