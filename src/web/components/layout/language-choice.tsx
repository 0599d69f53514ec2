import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../../../domain/constants'
import { LANGUAGE_NAMES } from '../../../domain/user-settings'
import { useSettingsStore } from '../../lib/settings-store'
import { ChoiceGroup } from './choice-group'
import '../../i18n/deferred/fr'

/** Français, English, Wolof: kept in the settings store, applied at once. */
export function LanguageChoice() {
  const { t: tDeferred } = useTranslation('deferred')
  const language = useSettingsStore((state) => state.display.language)
  const updateDisplay = useSettingsStore((state) => state.updateDisplay)
  return (
    <ChoiceGroup
      name="language"
      legend={tDeferred('preferences.language')}
      value={language}
      options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value], lang: value }))}
      onChange={(value) => updateDisplay({ language: value })}
    />
  )
}
