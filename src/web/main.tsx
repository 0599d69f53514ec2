import './styles.css'
import './i18n'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { changeLanguage } from './i18n'
import { applyDisplay, readStoredDisplay } from './lib/display-settings'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

function render(element: HTMLElement) {
  createRoot(element).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

// Theme and text size apply before the first paint; a visitor who chose English or Wolof waits
// for that one small catalogue rather than seeing French first.
const display = readStoredDisplay()
applyDisplay(display)
void changeLanguage(display.language).finally(() => render(root))

// What only matters once the page is up, never in its first download: the settings store (the
// preferences, the phone's dark mode followed live), the service worker (offline use,
// installable app) and the reports queued offline.
window.addEventListener('load', () => {
  void import('./lib/apply-settings').then((module) => module.startApplyingSettings())
  void import('./pwa/start-offline-support').then((module) => module.startOfflineSupport())
})
