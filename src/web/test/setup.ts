import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'
import '../i18n'

// jsdom has no matchMedia; components ask it about reduced motion and screen width.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

afterEach(() => {
  // Sonner keeps its toasts in a module-wide list and shows those still open to the next Toaster
  // that mounts: a test's toast would stand beside the next test's own until it closed, seconds of
  // real time later. Every test starts with no toast, as a newly opened page does.
  toast.dismiss()
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
