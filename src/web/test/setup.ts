import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'
import { startI18n } from '../i18n'
import { forgetPageMeta } from './page-meta'

startI18n()

// A test waits for what the user would see (findBy…, waitFor); on a busy machine that can take
// more than Testing Library's 1 s. Still only a bound on a hang: nothing measures time with it.
configure({ asyncUtilTimeout: 10_000 })

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

// jsdom lays nothing out, so it has no ResizeObserver: elements keep the size jsdom gives them (none).
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

// Nor can it say what is drawn at a point: nothing is.
if (typeof document.elementFromPoint !== 'function') {
  document.elementFromPoint = () => null
}

afterEach(() => {
  // Sonner keeps its toasts in a module-wide list and shows those still open to the next Toaster
  // that mounts: a test's toast would stand beside the next test's own until it closed, seconds of
  // real time later. Every test starts with no toast, as a newly opened page does.
  toast.dismiss()
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  vi.restoreAllMocks()
  forgetPageMeta()
})
