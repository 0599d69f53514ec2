import Bell from 'lucide-react/icons/bell'
import BellOff from 'lucide-react/icons/bell-off'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { usePushSwitch } from '../../../lib/push-switch'
import { removePhonePush, savePhonePush } from '../api/phone-push'

const MEMBER = { ready: true, save: savePhonePush, remove: removePhonePush }

/**
 * "Notifications sur ce téléphone": a member's phone is told of each report handed to them, even
 * with the app closed. The state on this phone, and the one button that changes it.
 */
export function PhoneNotificationsCard() {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const { state, failure, busy, turnOn, turnOff } = usePushSwitch(MEMBER)
  const Icon = state === 'on' ? Bell : BellOff
  // While the browser and the server answer, the button says what it is doing; after a time-out
  // it offers to try again.
  const label = (action: 'turnOn' | 'turnOff', progress: 'turningOn' | 'turningOff') =>
    busy === progress
      ? t(`settings.push.${progress}`)
      : failure === 'timedOut'
        ? tRoot('common.retry')
        : t(`settings.push.${action}`)
  return (
    <Card asChild>
      <section aria-labelledby="phone-notifications-title" className="flex flex-col gap-2 p-5">
        <h2
          id="phone-notifications-title"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <Icon aria-hidden="true" className="size-5 text-green-700" />
          {t('settings.push.title')}
        </h2>
        <p role="status" className="text-sm text-slate-600">
          {state === 'checking' ? null : t(`settings.push.${state}`)}
          {failure ? (
            <span className="mt-1 block font-medium text-red-700">{t(`settings.push.${failure}`)}</span>
          ) : null}
        </p>
        {state === 'off' ? (
          <Button className="self-start" disabled={busy !== null} onClick={() => void turnOn()}>
            {label('turnOn', 'turningOn')}
          </Button>
        ) : null}
        {state === 'on' ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={busy !== null}
            onClick={() => void turnOff()}
          >
            {label('turnOff', 'turningOff')}
          </Button>
        ) : null}
      </section>
    </Card>
  )
}
