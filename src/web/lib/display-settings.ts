// What the first paint needs of the settings: the theme, the text size, the animations and the
// language, read straight from storage. The settings store itself (validation, legacy
// migration, updates) arrives after the page has loaded.
import { LANGUAGE_COOKIE, LANGUAGES, STORE_NAMES, THEMES } from '../../domain/constants'
import type { DisplaySettings, FontSize } from '../../domain/user-settings'

export const DARK_QUERY = '(prefers-color-scheme: dark)'

/** What the first paint needs: the stored display settings, or the earlier version's theme and language. */
export type FirstPaintDisplay = Pick<DisplaySettings, 'theme' | 'language' | 'fontSize' | 'animations'>

/** The product's constants `firstPaint` works with, handed to it: it runs where nothing can be imported. */
export const FIRST_PAINT_SETTINGS = {
  storeName: STORE_NAMES.settings,
  // The visitor's language, told to the server for the pages it renders next (a year; sent with the
  // site's own navigations and links followed from elsewhere).
  languageCookie: { name: LANGUAGE_COOKIE, attributes: ';path=/;max-age=31536000;samesite=lax' },
  themes: THEMES as readonly string[],
  languages: LANGUAGES as readonly string[],
  // Tailwind sizes everything in rem: the root font size scales text, spacing and touch targets.
  rootFontSize: { small: '87.5%', medium: '', large: '118.75%' } satisfies Record<FontSize, string>,
  // The browser bar's colour: the brand green, or the dark page.
  themeColor: { light: '#15803d', dark: '#0f172a' },
  darkQuery: DARK_QUERY,
  // The defaults of SPEC.md section 3 (DEFAULT_SETTINGS.display; settings-store.test.ts checks).
  defaults: { theme: 'system', language: 'fr', fontSize: 'medium', animations: true } as FirstPaintDisplay,
}
type FirstPaintSettings = typeof FIRST_PAINT_SETTINGS

/**
 * Reads the stored display settings (unless given some) and applies theme, text size and
 * animations to <html>. It is written into every page as an inline script (`firstPaintScript`)
 * so that a dark page is dark from its first paint; the app runs it again when it starts, for
 * pages served without it (development), and for each change of the settings.
 *
 * Self-contained on purpose: it uses nothing but its arguments and the browser's globals.
 * The server renders the citizen pages in the language the cookie it writes here names (<html
 * lang>); a page rendered in another language than the visitor's (the first page after a choice made
 * elsewhere, a copy the phone kept) stays hidden (`translating`) until the app has rendered it in
 * that language.
 */
export function firstPaint(
  settings: FirstPaintSettings,
  given?: Pick<DisplaySettings, 'theme' | 'fontSize' | 'animations'>,
  storage?: Storage,
): FirstPaintDisplay {
  const display: FirstPaintDisplay = { ...settings.defaults, ...given }
  const root = document.documentElement
  if (!given) {
    try {
      const store = storage ?? localStorage
      const stored = JSON.parse(store.getItem(settings.storeName) ?? 'null')?.state?.display
      const theme = stored?.theme ?? store.getItem('vite-ui-theme') ?? store.getItem('theme')
      const language =
        stored?.language ?? (store.getItem('i18nextLng') ?? store.getItem('language'))?.slice(0, 2)
      if (settings.themes.includes(theme)) display.theme = theme
      if (settings.languages.includes(language)) display.language = language
      if (Object.hasOwn(settings.rootFontSize, stored?.fontSize)) display.fontSize = stored.fontSize
      if (stored?.animations === false) display.animations = false
    } catch {
      // unreadable storage: the defaults
    }
    root.classList.toggle('translating', display.language !== (root.lang || settings.defaults.language))
    const { name, attributes } = settings.languageCookie
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many of the phones we serve, and the value is one of our languages
    document.cookie = `${name}=${display.language}${attributes}`
  }
  const dark =
    display.theme === 'dark' ||
    (display.theme === 'system' && typeof matchMedia === 'function' && matchMedia(settings.darkQuery).matches)
  root.classList.toggle('dark', dark)
  root.style.colorScheme = dark ? 'dark' : 'light'
  root.style.fontSize = settings.rootFontSize[display.fontSize]
  root.classList.toggle('no-animations', !display.animations)
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', dark ? settings.themeColor.dark : settings.themeColor.light)
  return display
}

/** The inline script the server writes into the head of every page. */
export function firstPaintScript(): string {
  return `(${firstPaint.toString()})(${JSON.stringify(FIRST_PAINT_SETTINGS)})`
}

/** Tells the server the language the visitor chose, as the inline script does at every page. */
export function rememberLanguage(language: string) {
  const { name, attributes } = FIRST_PAINT_SETTINGS.languageCookie
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many of the phones we serve, and the value is one of our languages
  document.cookie = `${name}=${language}${attributes}`
}

/** Applies the stored display settings: what the inline script did, again (idempotent). */
export function applyStoredDisplay(storage?: Storage): FirstPaintDisplay {
  return firstPaint(FIRST_PAINT_SETTINGS, undefined, storage)
}

/** Theme, text size and animations on the <html> element (styles.css maps `.dark`). */
export function applyDisplay(display: Pick<DisplaySettings, 'theme' | 'fontSize' | 'animations'>) {
  firstPaint(FIRST_PAINT_SETTINGS, display)
}
