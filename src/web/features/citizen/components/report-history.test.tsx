import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { type HistoryEvent, ReportHistory } from '../../../components/report/report-history'
import { catalogueReady } from '../../../i18n'
import { switchLanguage } from '../../../i18n/languages'
import '../i18n/fr'

// The one renderer of a report's history (/suivi, "Mes signalements", a report's public page and
// the back-office's dialog), as the citizen reads it in each of its languages.
const event = (fields: Partial<HistoryEvent> & Pick<HistoryEvent, 'kind'>): HistoryEvent => ({
  from_status: null,
  to_status: null,
  title: null,
  reason: null,
  organization_name: null,
  created_at: '2026-11-20T09:30:00Z',
  ...fields,
})

const history: HistoryEvent[] = [
  event({ kind: 'created', to_status: 'en-attente' }),
  event({
    kind: 'claimed',
    from_status: 'en-attente',
    to_status: 'en-cours',
    organization_name: 'Mairie de la Médina',
  }),
  event({ kind: 'status_changed', from_status: 'en-cours', to_status: 'en-attente' }),
  event({
    kind: 'status_changed',
    from_status: 'en-attente',
    to_status: 'rejete',
    reason: 'Doublon d’un signalement déjà pris en charge.',
  }),
]

/** Each line's text, as a screen reader reads it out. */
const lines = () => screen.getAllByRole('listitem').map((item) => item.textContent?.replace(/\s+/g, ' '))

async function renderIn(language: 'fr' | 'en' | 'wo') {
  await switchLanguage(language)
  await catalogueReady('citizen')
  render(<ReportHistory events={history} namespace="citizen" />)
}

describe('ReportHistory', () => {
  afterEach(async () => {
    await switchLanguage('fr')
  })

  it('reads the filing by itself, says who was assigned, and why a report was rejected', async () => {
    await renderIn('fr')
    const [filed, assigned, changed, rejected] = lines()
    // The first line has no status to come from: no "Signalement envoyé : → En attente".
    expect(filed).toMatch(/^Signalement envoyé20 novembre 2026/)
    expect(filed).not.toContain('→')
    expect(assigned).toMatch(/^Attribué à Mairie de la Médina par l’administration/)
    expect(changed).toMatch(/^Statut modifié : En cours → En attente/)
    expect(rejected).toContain('Statut modifié : En attente → Rejeté')
    expect(rejected).toContain('Motif : Doublon d’un signalement déjà pris en charge.')
  })

  it('says it in English', async () => {
    await renderIn('en')
    const [filed, assigned, changed, rejected] = lines()
    expect(filed).toMatch(/^Report sent/)
    expect(filed).not.toContain('→')
    expect(assigned).toMatch(/^Assigned to Mairie de la Médina by the administration/)
    expect(changed).toMatch(/^Status changed: In progress → Waiting/)
    expect(rejected).toContain('Reason: Doublon d’un signalement déjà pris en charge.')
  })

  it('says it in Wolof', async () => {
    await renderIn('wo')
    const [filed, assigned, , rejected] = lines()
    expect(filed).toMatch(/^Yégle bi dem na/)
    expect(filed).not.toContain('→')
    expect(assigned).toMatch(/^Administraasioŋ bi jox na ko Mairie de la Médina/)
    expect(rejected).toContain('Li ko waral: Doublon d’un signalement déjà pris en charge.')
  })
})
