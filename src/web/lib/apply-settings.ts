import { changeLanguage } from '../i18n'
import { applyDisplay, DARK_QUERY } from './display-settings'
import { useSettingsStore } from './settings-store'

let started = false

/**
 * From the settings store on (loaded after the page): every change applies at once, and
 * "system" follows the phone's dark mode live.
 */
export function startApplyingSettings() {
  if (started) return
  started = true
  const { display } = useSettingsStore.getState()
  applyDisplay(display)
  void changeLanguage(display.language)
  useSettingsStore.subscribe((state, previous) => {
    if (state.display !== previous.display) applyDisplay(state.display)
    if (state.display.language !== previous.display.language) void changeLanguage(state.display.language)
  })
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      const current = useSettingsStore.getState().display
      if (current.theme === 'system') applyDisplay(current)
    })
  }
}
