// The toasts of the screens (sonner), fetched with the toasts' area once the page is idle, or on
// the first toast: never in a screen's first download, where it weighed about 10 KB compressed.

type Sonner = typeof import('sonner')
/** What a toast may carry besides its title: a description, an id that keeps it from showing twice. */
type ToastOptions = Pick<NonNullable<Parameters<Sonner['toast']['success']>[1]>, 'description' | 'id'>

let sonner: Promise<Sonner> | null = null
const loadSonner = () => {
  sonner ??= import('sonner')
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
