import { fireEvent, render, screen } from '@testing-library/react'
import House from 'lucide-react/icons/house'
import Tag from 'lucide-react/icons/tag'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SIDEBAR_COOKIE } from '../ui/sidebar'
import { AppShell } from './app-shell'

function renderShell(onLogout = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AppShell
            sidebarTitle="Panneau d’administration"
            heading="Administration"
            account="Admin: Awa Ndiaye"
            onLogout={onLogout}
            links={[
              { to: '/admin/dashboard', label: 'Tableau de bord', icon: House },
              { to: '/admin/categories', label: 'Catégories', icon: Tag },
            ]}
          >
            <p>Contenu</p>
          </AppShell>
        ),
      },
    ],
    { initialEntries: ['/admin/dashboard'] },
  )
  render(<RouterProvider router={router} />)
  return { onLogout }
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: resets the test's cookie
  document.cookie = `${SIDEBAR_COOKIE}=; max-age=0; path=/`
})

describe('AppShell', () => {
  it('shows the links with their labels, the account and the logout button', () => {
    const { onLogout } = renderShell()
    expect(screen.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/admin/dashboard')
    expect(screen.getByText('Admin: Awa Ndiaye')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Déconnexion' }))
    expect(onLogout).toHaveBeenCalledOnce()
  })

  it('collapses to an icon bar with Ctrl+B and remembers it in a cookie for 7 days', () => {
    renderShell()
    expect(screen.getByText('Catégories')).toBeVisible()
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true })
    expect(screen.queryByText('Catégories')).not.toBeInTheDocument()
    // The link keeps its name for screen readers.
    expect(screen.getByRole('link', { name: 'Catégories' })).toBeInTheDocument()
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`)
    fireEvent.keyDown(window, { key: 'b', metaKey: true })
    expect(screen.getByText('Catégories')).toBeVisible()
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`)
  })

  it('opens collapsed when the cookie says so', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the state a previous visit left
    document.cookie = `${SIDEBAR_COOKIE}=false; path=/`
    renderShell()
    expect(screen.queryByText('Tableau de bord')).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: /Afficher ou masquer le menu latéral/ }))
    expect(screen.getByText('Tableau de bord')).toBeVisible()
  })
})
