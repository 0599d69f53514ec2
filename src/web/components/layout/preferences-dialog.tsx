import RotateCcw from 'lucide-react/icons/rotate-ccw'
import { useTranslation } from 'react-i18next'
import { THEMES } from '../../../domain/constants'
import { FONT_SIZES } from '../../../domain/user-settings'
import { useSettingsStore } from '../../lib/settings-store'
import { toast } from '../../lib/toast'
import { Button } from '../ui/button'
import { Dialog, DialogContent } from '../ui/dialog'
import { ChoiceGroup } from './choice-group'
import { LanguageChoice } from './language-choice'
import '../../i18n/deferred/fr'

/** "Préférences": language, theme (system follows the phone), text size and animations. */
export function PreferencesDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t: tDeferred } = useTranslation('deferred')
  const display = useSettingsStore((state) => state.display)
  const updateDisplay = useSettingsStore((state) => state.updateDisplay)
  const resetToDefaults = useSettingsStore((state) => state.resetToDefaults)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={tDeferred('nav.preferences')} description={tDeferred('preferences.description')}>
        <div className="flex flex-col gap-5">
          <LanguageChoice />
          <ChoiceGroup
            name="theme"
            legend={tDeferred('preferences.theme')}
            value={display.theme}
            options={THEMES.map((value) => ({ value, label: tDeferred(`preferences.themes.${value}`) }))}
            onChange={(theme) => updateDisplay({ theme })}
          />
          <ChoiceGroup
            name="font-size"
            legend={tDeferred('preferences.fontSize')}
            value={display.fontSize}
            options={FONT_SIZES.map((value) => ({
              value,
              label: tDeferred(`preferences.fontSizes.${value}`),
            }))}
            onChange={(fontSize) => updateDisplay({ fontSize })}
          />
          <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={display.animations}
              onChange={(event) => updateDisplay({ animations: event.target.checked })}
              className="mt-0.5 size-5 accent-green-700"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-slate-900">{tDeferred('preferences.animations')}</span>
              <span className="text-slate-600">{tDeferred('preferences.animationsHint')}</span>
            </span>
          </label>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              resetToDefaults()
              toast.success(tDeferred('preferences.resetDone'))
            }}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {tDeferred('preferences.reset')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
