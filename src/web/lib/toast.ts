// The toasts of the screens (sonner) and their area: fetched on the first toast, never before.
// Most visits show none, and loaded once the page was idle they still cost every first visit of
// `/` about 10 KB compressed. The service worker keeps them with the app (files the app loads on
// demand), so that a toast shown offline finds them.
import { showToastArea } from './toast-area'

type Sonner = typeof import('sonner')
/** What a toast may carry besides its title: a description, an id that keeps it from showing twice. */
type ToastOptions = Pick<NonNullable<Parameters<Sonner['toast']['success']>[1]>, 'description' | 'id'>

let sonner: Promise<Sonner> | undefined
const loadSonner = () => {
  sonner ??= Promise.all([import('sonner'), import('../components/ui/toaster')]).then(([module, area]) => {
    showToastArea(area.default)
    return module
  })
  return sonner
}

/** Shows a toast (SPEC.md section 2: bottom-right, Alt+T, swipe to dismiss). */
export const toast = {
  success(message: string, options?: ToastOptions) {
    void loadSonner().then((module) => module.toast.success(message, options))
  },
  error(message: string, options?: ToastOptions) {
    void loadSonner().then((module) => module.toast.error(message, options))
  },
}
