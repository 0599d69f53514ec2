import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { STORE_NAMES } from '../../../domain/constants'
import type { RecentReport } from '../../../domain/report'
import { i18next } from '../../i18n'
import { startApplyingSettings } from '../../lib/apply-settings'
import { useSettingsStore } from '../../lib/settings-store'
import { stubApi } from '../../test/api-stub'
import { CATEGORIES } from '../../test/fixtures'
import { renderRoute } from '../../test/render-route'

// jsdom cannot draw Leaflet: the map module (loaded on demand) is replaced, nothing else is.
vi.mock('../../features/home/components/home-map-view', () => ({
  default: () => <div data-testid="leaflet-map" />,
}))

// The phone's dark mode, which the test turns on and off as the operating system would.
const phone = { dark: false, listeners: new Set<() => void>() }
const jsdomMatchMedia = window.matchMedia

function phoneMatchMedia(query: string): MediaQueryList {
  return {
    get matches() {
      return query === '(prefers-color-scheme: dark)' && phone.dark
    },
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: (_: string, listener: () => void) => phone.listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => phone.listeners.delete(listener),
    dispatchEvent: () => false,
  } as unknown as MediaQueryList
}

function setPhoneDark(dark: boolean) {
  phone.dark = dark
  for (const listener of phone.listeners) listener()
}

const report: RecentReport = {
  id: '1',
  type: 'Voirie',
  description: 'Nid-de-poule profond au carrefour, les motos tombent.',
  status: 'en-cours',
  created_at: '2026-11-22T10:00:00Z',
  address: null,
  department: 'Dakar',
}

function renderHome() {
  stubApi({
    '/api/reports/recent': { status: 200, body: [report] },
    '/api/reports/count': { status: 200, body: { count: 1234 } },
    '/api/categories': { status: 200, body: CATEGORIES },
  })
  return renderRoute('/')
}

async function openSideMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Ouvrir le menu' }))
  return screen.findByRole('dialog')
}

const html = document.documentElement

beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: phoneMatchMedia })
  // What main.tsx starts once the page has loaded: every setting applies as soon as it changes.
  startApplyingSettings()
})

afterEach(async () => {
  useSettingsStore.getState().resetToDefaults()
  await waitFor(() => expect(i18next.language).toBe('fr'))
  setPhoneDark(false)
})

afterAll(() => {
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: jsdomMatchMedia })
})

describe('the language, chosen in the side menu', () => {
  it('turns the home page into English, with <html lang>, English dates and figures, and keeps the choice', async () => {
    const user = userEvent.setup()
    renderHome()
    expect(await screen.findByRole('article')).toHaveTextContent('22 novembre 2026')
    expect(await screen.findByText(/^1\s234 incidents rapportés/)).toBeInTheDocument()
    const menu = await openSideMenu(user)
    await user.click(within(menu).getByRole('radio', { name: 'English' }))
    await user.keyboard('{Escape}')

    expect(await screen.findByRole('heading', { name: 'Recent incidents' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Report' })).toHaveAttribute('href', '/signaler')
    expect(html.lang).toBe('en')
    expect(screen.getByRole('article')).toHaveTextContent('22 November 2026')
    expect(screen.getByRole('article')).toHaveTextContent('In progress')
    // The category in English (GET /api/categories), the French name gone.
    expect(
      await within(screen.getByRole('article')).findByRole('link', { name: 'Roads' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('article')).not.toHaveTextContent('Voirie')
    expect(screen.getByText('1,234 incidents reported in the Dakar department')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(STORE_NAMES.settings) ?? '{}').state.display.language).toBe('en')
  })

  it('turns it into Wolof', async () => {
    const user = userEvent.setup()
    renderHome()
    const menu = await openSideMenu(user)
    await user.click(within(menu).getByRole('radio', { name: 'Wolof' }))
    await user.keyboard('{Escape}')
    expect(await screen.findByRole('heading', { name: 'Jafe-jafe yu bees yi' })).toBeInTheDocument()
    expect(html.lang).toBe('wo')
    // Wolof months (CLDR's), figures as in French of Senegal.
    expect(screen.getByRole('article')).toHaveTextContent('22 Nowàmbar, 2026')
    expect(screen.getByText(/^1\s234 jafe-jafe/)).toBeInTheDocument()
    expect(
      await within(screen.getByRole('article')).findByRole('link', { name: 'Mbedd yi' }),
    ).toBeInTheDocument()
  })
})

describe('"Préférences", from the side menu', () => {
  async function openPreferences(user: ReturnType<typeof userEvent.setup>) {
    renderHome()
    const menu = await openSideMenu(user)
    await user.click(within(menu).getByRole('button', { name: 'Préférences' }))
    return screen.findByRole('dialog', { name: 'Préférences' })
  }

  it('switches to the dark theme, and "Comme le téléphone" follows the phone live', async () => {
    const user = userEvent.setup()
    const preferences = await openPreferences(user)
    expect(within(preferences).getByRole('radio', { name: 'Comme le téléphone' })).toBeChecked()
    expect(html).not.toHaveClass('dark')

    await user.click(within(preferences).getByRole('radio', { name: 'Sombre' }))
    expect(html).toHaveClass('dark')
    expect(html.style.colorScheme).toBe('dark')
    await user.click(within(preferences).getByRole('radio', { name: 'Clair' }))
    expect(html).not.toHaveClass('dark')

    await user.click(within(preferences).getByRole('radio', { name: 'Comme le téléphone' }))
    setPhoneDark(true)
    expect(html).toHaveClass('dark')
    setPhoneDark(false)
    expect(html).not.toHaveClass('dark')
    // A theme chosen by hand no longer follows the phone.
    await user.click(within(preferences).getByRole('radio', { name: 'Clair' }))
    setPhoneDark(true)
    expect(html).not.toHaveClass('dark')
  })

  it('enlarges the text, stops the animations, and puts everything back with the reset', async () => {
    const user = userEvent.setup()
    const preferences = await openPreferences(user)
    await user.click(within(preferences).getByRole('radio', { name: 'Grande' }))
    expect(html.style.fontSize).toBe('118.75%')
    await user.click(within(preferences).getByRole('checkbox', { name: /Animations/ }))
    expect(html).toHaveClass('no-animations')
    await user.click(within(preferences).getByRole('radio', { name: 'Sombre' }))
    expect(useSettingsStore.getState().isDirty).toBe(true)
    const stored = JSON.parse(localStorage.getItem(STORE_NAMES.settings) ?? '{}').state.display
    expect(stored).toMatchObject({ fontSize: 'large', animations: false, theme: 'dark' })

    await user.click(within(preferences).getByRole('button', { name: 'Rétablir les réglages par défaut' }))
    expect(await screen.findByText('Réglages par défaut rétablis')).toBeInTheDocument()
    expect(html.style.fontSize).toBe('')
    expect(html).not.toHaveClass('no-animations')
    expect(html).not.toHaveClass('dark')
    expect(within(preferences).getByRole('radio', { name: 'Moyenne' })).toBeChecked()
  })
})
