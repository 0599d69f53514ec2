import { vi } from 'vitest'

/** A phone's screen: every `max-width` media query matches (restored by `vi.restoreAllMocks`). */
export function onAPhoneScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}
