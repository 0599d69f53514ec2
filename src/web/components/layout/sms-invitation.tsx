import MessageSquareText from 'lucide-react/icons/message-square-text'
import { useTranslation } from 'react-i18next'
import { phoneNumberForDisplay } from '../../../domain/phone-numbers'
import '../../i18n/deferred/fr'
import { cn } from '../../lib/class-names'
import { useSmsNumber } from '../../lib/site-contacts'

/**
 * "Pas de smartphone ? Envoyez un SMS au 33 800 00 00" (issue 31), on the home page, the footer
 * and "À propos": only when the SMS channel is on. The link opens the phone's messages.
 */
export function SmsInvitation(props: { className?: string; withHelp?: boolean }) {
  const smsNumber = useSmsNumber()
  // Without the channel, nothing: not even its texts are asked for.
  return smsNumber ? <Invitation smsNumber={smsNumber} {...props} /> : null
}

function Invitation({
  smsNumber,
  className,
  withHelp = false,
}: {
  smsNumber: string
  className?: string
  withHelp?: boolean
}) {
  const { t } = useTranslation('deferred')
  return (
    <p className={cn('flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-slate-700', className)}>
      <MessageSquareText aria-hidden="true" className="size-4 shrink-0 text-green-700" />
      {t('sms.noSmartphone')}{' '}
      <a
        href={`sms:${smsNumber}`}
        className="rounded font-semibold whitespace-nowrap text-green-800 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
      >
        {phoneNumberForDisplay(smsNumber)}
      </a>
      {withHelp && <span> {t('sms.help')}</span>}
    </p>
  )
}
