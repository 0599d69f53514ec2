import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { stubApi } from '../../../test/api-stub'
import { pageSays } from '../../../test/page-meta'
import { renderRoute } from '../../../test/render-route'

describe('/a-propos', () => {
  it('says what the platform is, how it works in three steps, and what stays anonymous', async () => {
    stubApi({})
    renderRoute('/a-propos')
    expect(
      await screen.findByRole('heading', { name: 'À propos d’Alertes urbaines', level: 1 }),
    ).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('À propos | Alertes urbaines'))
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '1. Vous signalez',
      '2. Une organisation s’en charge',
      '3. Vous suivez',
    ])
    const privacy = screen.getByRole('region', { name: 'Ce qui est conservé, ce qui reste anonyme' })
    expect(within(privacy).getByText(/Aucun nom, aucun numéro de téléphone/)).toBeInTheDocument()
    expect(
      within(privacy).getByText(/métadonnées \(appareil, position GPS, date\) sont supprimées/),
    ).toBeInTheDocument()
    expect(within(privacy).getByText(/n’en garde qu’une empreinte \(un hachage\)/)).toBeInTheDocument()
    expect(within(privacy).getByText(/ne vont qu’à l’appareil qui l’a envoyé/)).toHaveTextContent(
      'Suivre un signalement avec son code, ou dire « Moi aussi », montre seulement son statut',
    )
    const main = within(screen.getByRole('main'))
    expect(main.getByRole('link', { name: 'Signaler un problème' })).toHaveAttribute('href', '/signaler')
    expect(main.getByRole('link', { name: 'Espace Organisation' })).toHaveAttribute(
      'href',
      '/organization/login',
    )
    expect(screen.getByRole('contentinfo')).toBeInTheDocument()
    expect(main.getByRole('link', { name: 'Voir les statistiques' })).toHaveAttribute('href', '/statistiques')
  })

  it('gives the contact address the server configured (CONTACT_EMAIL) to write to', async () => {
    pageSays('contact-email', 'ecrire@mairie-dakar.sn')
    stubApi({})
    renderRoute('/a-propos')
    const contact = await screen.findByRole('region', { name: 'Nous écrire' })
    expect(contact).toHaveTextContent(
      /^Nous écrireUne question, une idée, un problème avec la plateforme \? Écrivez-nous :/,
    )
    expect(within(contact).getByRole('link', { name: 'ecrire@mairie-dakar.sn' })).toHaveAttribute(
      'href',
      'mailto:ecrire@mairie-dakar.sn',
    )
    // The footer says the same.
    expect(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'ecrire@mairie-dakar.sn' }),
    ).toBeInTheDocument()
  })

  it('says how the SMS channel keeps the number, and gives it, only when the channel is on', async () => {
    stubApi({})
    const { unmount } = renderRoute('/a-propos')
    const privacy = await screen.findByRole('region', { name: 'Ce qui est conservé, ce qui reste anonyme' })
    expect(within(privacy).queryByText(/Par SMS/)).toBeNull()
    expect(screen.queryByText(/Pas de smartphone/)).toBeNull()
    unmount()

    pageSays('sms-number', '+221338000000')
    renderRoute('/a-propos')
    const withSms = await screen.findByRole('region', { name: 'Ce qui est conservé, ce qui reste anonyme' })
    expect(within(withSms).getByText(/Par SMS/)).toHaveTextContent(
      /jamais montré aux organisations.*effacées 90 jours après la clôture de votre dernier signalement.*après STOP, seule l’empreinte reste/,
    )
    const contact = screen.getByRole('region', { name: 'Nous écrire' })
    expect(within(contact).getByRole('link', { name: '33 800 00 00' })).toHaveAttribute(
      'href',
      'sms:+221338000000',
    )
    expect(contact).toHaveTextContent(/trois questions.*le problème, la commune, un repère/)
  })
})
