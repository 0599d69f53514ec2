import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { i18next } from '../../i18n'
import { switchLanguage } from '../../i18n/languages'
import { FrenchOnly } from './french-only'

function renderArea() {
  const router = createMemoryRouter(
    [{ Component: FrenchOnly, children: [{ path: '/organization/login', element: <h1>Espace</h1> }] }],
    { initialEntries: ['/organization/login'] },
  )
  return render(<RouterProvider router={router} />)
}

afterEach(async () => {
  await switchLanguage('fr')
})

describe('a French-only area', () => {
  it('stays <html lang="fr"> when the stored language is applied after it has rendered', async () => {
    const view = renderArea()
    await screen.findByRole('heading', { name: 'Espace' })
    // What the settings store does once the page is idle, for a visitor who reads Wolof.
    await switchLanguage('wo')
    expect(i18next.language).toBe('wo')
    expect(document.documentElement.lang).toBe('fr')
    // Leaving the area gives the page the visitor's language back.
    view.unmount()
    expect(document.documentElement.lang).toBe('wo')
  })
})
