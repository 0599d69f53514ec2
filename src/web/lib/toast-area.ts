// The toasts' area, rendered from the first toast on (toast.ts fetches it with sonner). Apart from
// the toasts themselves so that the entry, which renders the area (providers.tsx), holds only this.
import type { ComponentType } from 'react'

let toastArea: ComponentType | undefined
/** Renders the toasts' area (AppProviders gives it). */
let showToaster: ((area: ComponentType) => void) | undefined

/** Said by the first toast, with the area's component. */
export function showToastArea(area: ComponentType) {
  toastArea = area
  showToaster?.(area)
}

/**
 * Gives what renders the toasts' area, called at the first toast (at once if one was asked for
 * already): sonner shows the toasts asked for before the area was there. The app renders one
 * AppProviders: the last one given is the one called.
 */
export function onFirstToast(show: (area: ComponentType) => void) {
  showToaster = show
  if (toastArea) show(toastArea)
}
