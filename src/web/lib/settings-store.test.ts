import { beforeEach, describe, expect, it, vi } from 'vitest'
import { STORE_NAMES } from '../../domain/constants'
import { DEFAULT_SETTINGS } from '../../domain/user-settings'
import { applyStoredDisplay } from './display-settings'
import { migrateLegacyDisplay, useSettingsStore } from './settings-store'

beforeEach(() => {
  useSettingsStore.setState({ ...DEFAULT_SETTINGS, isDirty: false, lastSyncAt: null, isLoading: false })
})

describe('the settings store (SPEC.md section 3)', () => {
  it('starts with the four groups at their defaults, clean', () => {
    const state = useSettingsStore.getState()
    expect(state.notifications).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      smsNotifications: false,
      reportUpdates: true,
      systemAlerts: true,
      marketingEmails: false,
    })
    expect(state.display).toEqual({
      theme: 'system',
      language: 'fr',
      fontSize: 'medium',
      compactMode: false,
      animations: true,
    })
    expect(state.map).toEqual({
      defaultZoom: 12,
      showSatelliteView: false,
      showTrafficLayer: false,
      autoCenter: true,
      clusterMarkers: true,
    })
    expect(state.privacy).toEqual({
      shareLocation: true,
      publicProfile: false,
      analyticsOptIn: true,
      crashReporting: true,
    })
    expect(state).toMatchObject({ isDirty: false, lastSyncAt: null, isLoading: false })
  })

  it('marks any update dirty; marking synced clears it and records the time', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') })
    const store = useSettingsStore.getState()
    store.updateDisplay({ theme: 'dark' })
    store.updateMap({ defaultZoom: 14 })
    expect(useSettingsStore.getState()).toMatchObject({
      isDirty: true,
      display: { theme: 'dark' },
      map: { defaultZoom: 14 },
    })
    useSettingsStore.getState().markSynced()
    expect(useSettingsStore.getState()).toMatchObject({
      isDirty: false,
      lastSyncAt: '2026-11-22T10:00:00.000Z',
    })
    vi.useRealTimers()
  })

  it('resets the four groups to their defaults and marks them dirty', () => {
    useSettingsStore.getState().updatePrivacy({ analyticsOptIn: false })
    useSettingsStore.getState().updateNotifications({ smsNotifications: true })
    useSettingsStore.getState().markSynced()
    useSettingsStore.getState().resetToDefaults()
    const state = useSettingsStore.getState()
    expect(state.privacy).toEqual(DEFAULT_SETTINGS.privacy)
    expect(state.notifications).toEqual(DEFAULT_SETTINGS.notifications)
    expect(state.isDirty).toBe(true)
  })

  it(`persists the four groups and lastSyncAt under ${STORE_NAMES.settings}, not isDirty`, () => {
    useSettingsStore.getState().updateDisplay({ language: 'wo', fontSize: 'large' })
    const stored = JSON.parse(localStorage.getItem(STORE_NAMES.settings) ?? '{}').state
    expect(Object.keys(stored).sort()).toEqual(['display', 'lastSyncAt', 'map', 'notifications', 'privacy'])
    expect(stored.display).toMatchObject({ language: 'wo', fontSize: 'large' })
  })

  it('takes a stored value only when valid, field by field', async () => {
    localStorage.setItem(
      STORE_NAMES.settings,
      JSON.stringify({
        state: { display: { theme: 'violet', language: 'en', fontSize: 'huge' }, map: { defaultZoom: 'x' } },
        version: 1,
      }),
    )
    await useSettingsStore.persist.rehydrate()
    const state = useSettingsStore.getState()
    expect(state.display).toMatchObject({ theme: 'system', language: 'en', fontSize: 'medium' })
    expect(state.map.defaultZoom).toBe(12)
  })
})

describe('the legacy migration (SPEC.md section 4)', () => {
  it('takes a valid legacy theme and language, then removes the old keys', () => {
    localStorage.setItem('vite-ui-theme', 'dark')
    localStorage.setItem('i18nextLng', 'wo-SN')
    expect(migrateLegacyDisplay(localStorage)).toMatchObject({ theme: 'dark', language: 'wo' })
    expect(localStorage.getItem('vite-ui-theme')).toBeNull()
    expect(localStorage.getItem('i18nextLng')).toBeNull()
  })

  it('refuses values other than light, dark or system, and fr, en or wo', () => {
    localStorage.setItem('theme', 'sepia')
    localStorage.setItem('language', 'de')
    expect(migrateLegacyDisplay(localStorage)).toMatchObject({ theme: 'system', language: 'fr' })
    expect(localStorage.getItem('theme')).toBeNull()
  })
})

describe('applyStoredDisplay (the first paint, before the store loads)', () => {
  it('has the store’s defaults', () => {
    localStorage.clear()
    const { compactMode: _, ...display } = DEFAULT_SETTINGS.display
    expect(applyStoredDisplay(localStorage)).toEqual(display)
  })

  it('reads the stored display, or the legacy keys', () => {
    localStorage.clear()
    localStorage.setItem('theme', 'light')
    expect(applyStoredDisplay(localStorage).theme).toBe('light')
    localStorage.setItem(
      STORE_NAMES.settings,
      JSON.stringify({
        state: { display: { theme: 'dark', language: 'wo', fontSize: 'large', animations: false } },
      }),
    )
    expect(applyStoredDisplay(localStorage)).toEqual({
      theme: 'dark',
      language: 'wo',
      fontSize: 'large',
      animations: false,
    })
  })
})
