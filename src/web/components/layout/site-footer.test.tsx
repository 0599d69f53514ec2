import { render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SiteContactsContext } from '../../lib/site-contacts'
import { pageSays } from '../../test/page-meta'
import { SiteFooter } from './site-footer'

function footer() {
  return <RouterProvider router={createMemoryRouter([{ path: '*', element: <SiteFooter /> }])} />
}

describe('SiteFooter', () => {
  it('links to the organisation space beside the citizen pages', () => {
    render(footer())
    const nav = screen.getByRole('navigation', { name: 'Liens utiles' })
    expect(within(nav).getByRole('link', { name: 'Espace Organisation' })).toHaveAttribute(
      'href',
      '/organization/login',
    )
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/signaler', '/suivi', '/statistiques', '/a-propos', '/organization/login'])
  })

  it('shows the contact address the server configured (CONTACT_EMAIL), the project’s own without one', () => {
    const { unmount } = render(footer())
    expect(screen.getByRole('link', { name: 'contact@alertes-urbaines.sn' })).toHaveAttribute(
      'href',
      'mailto:contact@alertes-urbaines.sn',
    )
    unmount()

    pageSays('contact-email', 'ecrire@mairie-dakar.sn')
    render(footer())
    expect(screen.getByRole('link', { name: 'ecrire@mairie-dakar.sn' })).toHaveAttribute(
      'href',
      'mailto:ecrire@mairie-dakar.sn',
    )
    expect(screen.queryByText('contact@alertes-urbaines.sn')).toBeNull()
  })

  it('is rendered on the server with the contacts the page request carries', () => {
    const html = renderToString(
      <SiteContactsContext.Provider
        value={{ contactEmail: 'ecrire@mairie-dakar.sn', smsNumber: '+221338000000' }}
      >
        {footer()}
      </SiteContactsContext.Provider>,
    )
    expect(html).toContain('href="mailto:ecrire@mairie-dakar.sn"')
    expect(html).not.toContain('contact@alertes-urbaines.sn')
    expect(html).toContain('href="sms:+221338000000"')
  })

  it('invites those without a smartphone to text the SMS number, only when the channel is on', () => {
    const { unmount } = render(footer())
    expect(screen.queryByText(/Pas de smartphone/)).toBeNull()
    unmount()

    pageSays('sms-number', '+221338000000')
    render(footer())
    const contact = screen.getByRole('region', { name: 'Contact' })
    expect(within(contact).getByText(/Pas de smartphone/).textContent).toBe(
      'Pas de smartphone\u202f? Envoyez un SMS au 33 800 00 00',
    )
    expect(within(contact).getByRole('link', { name: '33 800 00 00' })).toHaveAttribute(
      'href',
      'sms:+221338000000',
    )
  })
})
