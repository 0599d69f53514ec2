import { render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ContactEmailContext } from '../../lib/contact-email'
import { SiteFooter } from './site-footer'

function footer() {
  return <RouterProvider router={createMemoryRouter([{ path: '*', element: <SiteFooter /> }])} />
}

/** The meta tag the server writes into every page for its CONTACT_EMAIL. */
function pageSaysContact(address: string) {
  const meta = document.createElement('meta')
  meta.name = 'contact-email'
  meta.content = address
  document.head.append(meta)
}

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[name="contact-email"]')) meta.remove()
})

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

    pageSaysContact('ecrire@mairie-dakar.sn')
    render(footer())
    expect(screen.getByRole('link', { name: 'ecrire@mairie-dakar.sn' })).toHaveAttribute(
      'href',
      'mailto:ecrire@mairie-dakar.sn',
    )
    expect(screen.queryByText('contact@alertes-urbaines.sn')).toBeNull()
  })

  it('is drawn on the server with the address the page request carries', () => {
    const html = renderToString(
      <ContactEmailContext.Provider value="ecrire@mairie-dakar.sn">{footer()}</ContactEmailContext.Provider>,
    )
    expect(html).toContain('href="mailto:ecrire@mairie-dakar.sn"')
    expect(html).not.toContain('contact@alertes-urbaines.sn')
  })
})
