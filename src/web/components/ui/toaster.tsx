import type { CSSProperties } from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster as Sonner } from 'sonner'

// Sonner's rich colours put their text under 4.5:1 on their own backgrounds (success 4.3:1,
// warning 3.1:1): darker shades of the same hues keep WCAG AA, which axe checks.
const READABLE_RICH_COLORS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 38%)',
  '--warning-text': 'hsl(31, 92%, 30%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties

/** Toasts: bottom-right, Alt+T moves focus to them, swipe to dismiss (SPEC.md section 2). */
export default function Toaster() {
  const { t } = useTranslation()
  return (
    <Sonner
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      closeButton
      richColors
      style={READABLE_RICH_COLORS}
      containerAriaLabel={t('toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  )
}
