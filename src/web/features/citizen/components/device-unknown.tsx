import SmartphoneIcon from 'lucide-react/icons/smartphone'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClassName } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { useReasonText } from '../../../i18n/reason-text'
import { ApiError } from '../../../lib/api-client'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'

/** The server answered 401 to this device's token: it does not know this device. */
export function isUnknownDevice(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

/** A read of this device's reports or messages that failed: an unknown device, or the reason and "Réessayer". */
export function DeviceReadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const reasonText = useReasonText()
  return isUnknownDevice(error) ? (
    <DeviceUnknown />
  ) : (
    <LoadError message={reasonText(error)} onRetry={onRetry} />
  )
}

/**
 * The server answered 401 to this device's token: it does not know it (a reset database, a
 * token copied by hand). Say so plainly, and offer to start afresh.
 */
export function DeviceUnknown() {
  const { t } = useTranslation('citizen')
  const forget = useCitizenDeviceStore((state) => state.forgetCitizenToken)
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-6 py-8 text-center"
    >
      <SmartphoneIcon aria-hidden="true" className="size-10 text-amber-800" />
      <h2 className="text-base font-semibold text-slate-900">{t('device.unknownTitle')}</h2>
      <p className="max-w-md text-sm text-slate-800">{t('device.unknownText')}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/suivi" className={buttonClassName({ variant: 'outline' })}>
          {t('common.trackWithCode')}
        </Link>
        <Button variant="ghost" onClick={forget}>
          {t('device.forget')}
        </Button>
      </div>
    </div>
  )
}
