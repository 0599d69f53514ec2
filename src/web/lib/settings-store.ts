import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { STORE_NAMES } from '../../domain/constants'
import {
  DEFAULT_SETTINGS,
  type DisplaySettings,
  isFontSize,
  isLanguage,
  isTheme,
  type MapSettings,
  type NotificationSettings,
  type PrivacySettings,
  type UserSettings,
} from '../../domain/user-settings'

/** The settings store of SPEC.md section 3, persisted under `settings-storage`. */
export interface SettingsState extends UserSettings {
  isLoading: boolean
  /** When the settings were last saved elsewhere (ISO), null when never. */
  lastSyncAt: string | null
  /** Changed since they were last saved elsewhere. */
  isDirty: boolean
  updateNotifications(changes: Partial<NotificationSettings>): void
  updateDisplay(changes: Partial<DisplaySettings>): void
  updateMap(changes: Partial<MapSettings>): void
  updatePrivacy(changes: Partial<PrivacySettings>): void
  markSynced(): void
  /** Back to the defaults of all four groups; marks them dirty. */
  resetToDefaults(): void
}

/**
 * Keys where the earlier version of the product kept the theme and the language (its theme
 * provider and its language detector). DESIGN.md section 2: only these two are migrated.
 */
export const LEGACY_THEME_KEYS = ['theme', 'vite-ui-theme'] as const
export const LEGACY_LANGUAGE_KEYS = ['language', 'i18nextLng'] as const

/**
 * The display settings with the legacy theme and language applied (when valid: light, dark or
 * system; fr, en or wo), then the legacy keys removed (SPEC.md section 4).
 */
export function migrateLegacyDisplay(storage: Storage): DisplaySettings {
  const display = { ...DEFAULT_SETTINGS.display }
  try {
    const theme = LEGACY_THEME_KEYS.map((key) => storage.getItem(key)).find(isTheme)
    const language = LEGACY_LANGUAGE_KEYS.map((key) => storage.getItem(key)?.slice(0, 2)).find(isLanguage)
    if (theme) display.theme = theme
    if (language) display.language = language
    for (const key of [...LEGACY_THEME_KEYS, ...LEGACY_LANGUAGE_KEYS]) storage.removeItem(key)
  } catch (error) {
    console.error('Erreur migration des préférences', error)
  }
  return display
}

type Persisted = UserSettings & { lastSyncAt: string | null }

/** A stored value is taken field by field: an unknown or invalid one falls back to its default. */
function mergeGroup<T extends object>(
  defaults: T,
  stored: unknown,
  valid: (key: keyof T, value: unknown) => boolean,
): T {
  const merged = { ...defaults }
  if (typeof stored !== 'object' || stored === null) return merged
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = (stored as Record<keyof T, unknown>)[key]
    if (valid(key, value)) merged[key] = value as T[typeof key]
  }
  return merged
}

const sameTypeAs =
  <T extends object>(defaults: T) =>
  (key: keyof T, value: unknown) =>
    typeof value === typeof defaults[key]

function validDisplay(key: keyof DisplaySettings, value: unknown): boolean {
  if (key === 'theme') return isTheme(value)
  if (key === 'language') return isLanguage(value)
  if (key === 'fontSize') return isFontSize(value)
  return typeof value === 'boolean'
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      display:
        typeof localStorage === 'undefined' ? DEFAULT_SETTINGS.display : migrateLegacyDisplay(localStorage),
      isLoading: false,
      lastSyncAt: null,
      isDirty: false,
      updateNotifications: (changes) =>
        set((state) => ({ notifications: { ...state.notifications, ...changes }, isDirty: true })),
      updateDisplay: (changes) =>
        set((state) => ({ display: { ...state.display, ...changes }, isDirty: true })),
      updateMap: (changes) => set((state) => ({ map: { ...state.map, ...changes }, isDirty: true })),
      updatePrivacy: (changes) =>
        set((state) => ({ privacy: { ...state.privacy, ...changes }, isDirty: true })),
      markSynced: () => set({ isDirty: false, lastSyncAt: new Date().toISOString() }),
      resetToDefaults: () => set({ ...DEFAULT_SETTINGS, isDirty: true }),
    }),
    {
      name: STORE_NAMES.settings,
      version: 1,
      // SPEC.md section 3: the four groups and lastSyncAt.
      partialize: (state): Persisted => ({
        notifications: state.notifications,
        display: state.display,
        map: state.map,
        privacy: state.privacy,
        lastSyncAt: state.lastSyncAt,
      }),
      merge: (stored, current) => {
        const value = (stored ?? {}) as Partial<Persisted>
        return {
          ...current,
          notifications: mergeGroup(
            DEFAULT_SETTINGS.notifications,
            value.notifications,
            sameTypeAs(DEFAULT_SETTINGS.notifications),
          ),
          display: mergeGroup(current.display, value.display, validDisplay),
          map: mergeGroup(DEFAULT_SETTINGS.map, value.map, sameTypeAs(DEFAULT_SETTINGS.map)),
          privacy: mergeGroup(DEFAULT_SETTINGS.privacy, value.privacy, sameTypeAs(DEFAULT_SETTINGS.privacy)),
          lastSyncAt: typeof value.lastSyncAt === 'string' ? value.lastSyncAt : null,
        }
      },
    },
  ),
)
