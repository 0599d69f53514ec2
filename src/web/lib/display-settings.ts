// What the first paint needs of the settings: the theme, the text size, the animations and the
// language, read straight from storage. The settings store itself (validation, legacy
// migration, updates) arrives after the page has loaded.
import { LANGUAGES, STORE_NAMES, THEMES, type Theme } from '../../domain/constants'
import type { DisplaySettings, FontSize } from '../../domain/user-settings'

// Tailwind sizes everything in rem: the root font size scales text, spacing and touch targets.
const ROOT_FONT_SIZE: Record<FontSize, string> = { small: '87.5%', medium: '', large: '118.75%' }
// The browser bar's colour: the brand green, or the dark page.
const THEME_COLOR = { light: '#15803d', dark: '#0f172a' } as const
export const DARK_QUERY = '(prefers-color-scheme: dark)'

/** What the first paint needs: the stored display settings, or the earlier version's theme and language. */
export type FirstPaintDisplay = Pick<DisplaySettings, 'theme' | 'language' | 'fontSize' | 'animations'>

export function readStoredDisplay(storage: Storage = localStorage): FirstPaintDisplay {
  // The defaults of SPEC.md section 3 (DEFAULT_SETTINGS.display; display-settings.test.ts checks).
  const display: FirstPaintDisplay = { theme: 'system', language: 'fr', fontSize: 'medium', animations: true }
  try {
    const stored = JSON.parse(storage.getItem(STORE_NAMES.settings) ?? 'null')?.state?.display
    const theme = stored?.theme ?? storage.getItem('vite-ui-theme') ?? storage.getItem('theme')
    const language =
      stored?.language ?? (storage.getItem('i18nextLng') ?? storage.getItem('language'))?.slice(0, 2)
    if (THEMES.includes(theme)) display.theme = theme
    if (LANGUAGES.includes(language)) display.language = language
    if (Object.hasOwn(ROOT_FONT_SIZE, stored?.fontSize)) display.fontSize = stored.fontSize
    if (stored?.animations === false) display.animations = false
  } catch {
    // unreadable storage: the defaults
  }
  return display
}

export function isDark(theme: Theme): boolean {
  return (
    theme === 'dark' ||
    (theme === 'system' && typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches)
  )
}

/** Theme, text size and animations on the <html> element (styles.css maps `.dark`). */
export function applyDisplay(display: Pick<DisplaySettings, 'theme' | 'fontSize' | 'animations'>) {
  const root = document.documentElement
  const dark = isDark(display.theme)
  root.classList.toggle('dark', dark)
  root.style.colorScheme = dark ? 'dark' : 'light'
  root.style.fontSize = ROOT_FONT_SIZE[display.fontSize]
  root.classList.toggle('no-animations', !display.animations)
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', dark ? THEME_COLOR.dark : THEME_COLOR.light)
}
