import Bell from 'lucide-react/icons/bell'
import BellOff from 'lucide-react/icons/bell-off'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { usePushNews } from './push-news'

/**
 * The news of this device's reports as notifications, on "Mes signalements" and "Notifications":
 * what they are, their state on this phone, and the one button that changes it. Shown once the
 * device has a report (its token): before, there is nothing to be told of.
 */
export function PushNewsCard() {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const { state, failure, busy, hasDevice, turnOn, turnOff } = usePushNews()
  if (!hasDevice) return null
  const Icon = state === 'on' ? Bell : BellOff
  return (
    <Card asChild>
      <section aria-labelledby="push-news-title" className="flex min-h-28 flex-col gap-2 p-4">
        <h2 id="push-news-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Icon aria-hidden="true" className="size-5 text-green-700" />
          {t('push.title')}
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {state === 'checking' ? null : t(`push.${state}`)}
          {failure ? (
            <span className="mt-1 block font-medium text-red-700">{t(`push.${failure}`)}</span>
          ) : null}
        </p>
        {/* While the browser and the server answer, the button says what it is doing; after a
            time-out it offers to try again. */}
        {state === 'off' ? (
          <Button className="self-start" disabled={busy !== null} onClick={() => void turnOn()}>
            {busy === 'turningOn'
              ? t('push.turningOn')
              : failure === 'timedOut'
                ? tRoot('common.retry')
                : t('push.turnOn')}
          </Button>
        ) : null}
        {state === 'on' ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={busy !== null}
            onClick={() => void turnOff()}
          >
            {busy === 'turningOff'
              ? t('push.turningOff')
              : failure === 'timedOut'
                ? tRoot('common.retry')
                : t('push.turnOff')}
          </Button>
        ) : null}
      </section>
    </Card>
  )
}
