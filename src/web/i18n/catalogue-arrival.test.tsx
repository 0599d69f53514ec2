import { act, render, screen } from '@testing-library/react'
import { useTranslation } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { catalogueReady, i18next, registerCatalogue } from '.'

// A screen's texts come with its code (its feature's i18n/fr.ts registers them), loaded after the
// first paint: the catalogue is added then, in a transition (rendered in slices a tap can come
// between), and what is already on screen is rendered again with it all the same.

function AdminHeading() {
  const { t } = useTranslation('admin')
  return <h1>{t('meta.reports')}</h1>
}

function CitizenLink() {
  const { t } = useTranslation('citizen')
  return <a href="/suivi">{t('common.trackWithCode')}</a>
}

afterEach(async () => {
  await act(() => i18next.changeLanguage('fr'))
})

describe('a catalogue that arrives after the first render', () => {
  it('is shown by the screens already rendered', async () => {
    render(<AdminHeading />)
    expect(screen.getByRole('heading')).toHaveTextContent('meta.reports')
    act(() => registerCatalogue('admin', { meta: { reports: 'Gestion des signalements | Administration' } }))
    expect(
      await screen.findByRole('heading', { name: 'Gestion des signalements | Administration' }),
    ).toBeInTheDocument()
  })

  it('is shown in English, fetched for a visitor who chose English', async () => {
    await act(() => i18next.changeLanguage('en'))
    render(<CitizenLink />)
    await act(async () => {
      registerCatalogue(
        'citizen',
        { common: { trackWithCode: 'Suivre avec un code' } },
        {
          en: () => Promise.resolve({ common: { trackWithCode: 'Track with a code' } }),
          wo: () => Promise.resolve({ common: { trackWithCode: 'Topp ak benn kood' } }),
        },
      )
      await catalogueReady('citizen')
    })
    expect(await screen.findByRole('link', { name: 'Track with a code' })).toBeInTheDocument()
  })
})
