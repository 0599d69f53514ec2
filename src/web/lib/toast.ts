// The toasts of the screens (sonner): fetched on the first toast, never before. Most visits show
// none, and loaded once the page was idle it still cost every first visit of `/` about 10 KB
// compressed. The service worker keeps it with the app (a dynamic import of the entry), so that a
// toast shown offline finds it.

type Sonner = typeof import('sonner')
/** What a toast may carry besides its title: a description, an id that keeps it from showing twice. */
type ToastOptions = Pick<NonNullable<Parameters<Sonner['toast']['success']>[1]>, 'description' | 'id'>

let sonner: Promise<Sonner> | null = null
const toasterWaiting = new Set<() => void>()

const loadSonner = () => {
  if (!sonner) {
    sonner = import('sonner')
    for (const show of toasterWaiting) show()
    toasterWaiting.clear()
  }
  return sonner
}

/**
 * Calls `showToaster` when the first toast is asked for (at once if one was): the toasts' area is
 * rendered then, and sonner shows the toasts asked for before it was there.
 */
export function onFirstToast(showToaster: () => void): () => void {
  if (sonner) {
    showToaster()
    return () => {}
  }
  toasterWaiting.add(showToaster)
  return () => toasterWaiting.delete(showToaster)
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
