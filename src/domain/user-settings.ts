/** The user settings of SPEC.md section 3: four groups, with their defaults. */
import { DEFAULT_MAP_ZOOM, LANGUAGES, type Language, THEMES, type Theme } from './constants'

export const FONT_SIZES = ['small', 'medium', 'large'] as const
export type FontSize = (typeof FONT_SIZES)[number]

export interface NotificationSettings {
  emailNotifications: boolean
  pushNotifications: boolean
  smsNotifications: boolean
  reportUpdates: boolean
  systemAlerts: boolean
  marketingEmails: boolean
}

export interface DisplaySettings {
  theme: Theme
  language: Language
  fontSize: FontSize
  compactMode: boolean
  animations: boolean
}

export interface MapSettings {
  defaultZoom: number
  showSatelliteView: boolean
  showTrafficLayer: boolean
  autoCenter: boolean
  clusterMarkers: boolean
}

export interface PrivacySettings {
  shareLocation: boolean
  publicProfile: boolean
  analyticsOptIn: boolean
  crashReporting: boolean
}

export interface UserSettings {
  notifications: NotificationSettings
  display: DisplaySettings
  map: MapSettings
  privacy: PrivacySettings
}

/** The display group alone: the first paint reads it before the settings store loads. */
export const DEFAULT_DISPLAY: DisplaySettings = {
  theme: 'system',
  language: 'fr',
  fontSize: 'medium',
  compactMode: false,
  animations: true,
}

export const DEFAULT_SETTINGS: UserSettings = {
  notifications: {
    emailNotifications: true,
    pushNotifications: true,
    smsNotifications: false,
    reportUpdates: true,
    systemAlerts: true,
    marketingEmails: false,
  },
  display: DEFAULT_DISPLAY,
  map: {
    defaultZoom: DEFAULT_MAP_ZOOM,
    showSatelliteView: false,
    showTrafficLayer: false,
    autoCenter: true,
    clusterMarkers: true,
  },
  privacy: { shareLocation: true, publicProfile: false, analyticsOptIn: true, crashReporting: true },
}

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

export function isFontSize(value: unknown): value is FontSize {
  return typeof value === 'string' && (FONT_SIZES as readonly string[]).includes(value)
}

/** Each language named in itself, in every catalogue. */
export const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', en: 'English', wo: 'Wolof' }
