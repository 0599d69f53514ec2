import MessageSquareText from 'lucide-react/icons/message-square-text'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { useReasonText } from '../../../i18n/reason-text'
import { ApiError } from '../../../lib/api-client'
import { useSmsNumber } from '../../../lib/site-contacts'
import { useSmsNews } from '../api/sms-news'

/**
 * A web filer's news by SMS too (issue 31), on the code screen and "Mes signalements": a number,
 * the 6-digit code sent to it, confirmed once; then a way to stop. Shown only when the SMS
 * channel is on and the device has filed.
 */
export function SmsNewsCard({ className }: { className?: string }) {
  const { t } = useTranslation('citizen')
  const smsOn = useSmsNumber() !== null
  const { hasDevice, state, request, confirm, stop } = useSmsNews(smsOn)
  const reasonText = useReasonText()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [changingNumber, setChangingNumber] = useState(false)
  if (!smsOn || !hasDevice || state === undefined) return null

  const errorOf = (error: Error | null) =>
    error ? (error instanceof ApiError ? reasonText(error) : t('smsNews.failed')) : undefined
  const askingNumber = state === 'off' || changingNumber

  function sendCode(event: FormEvent) {
    event.preventDefault()
    request.mutate(phone, {
      onSuccess: () => {
        setChangingNumber(false)
        setCode('')
      },
    })
  }
  function confirmCode(event: FormEvent) {
    event.preventDefault()
    confirm.mutate(code)
  }

  return (
    <Card asChild className={className}>
      <section aria-labelledby="sms-news-title" className="flex flex-col gap-3 p-4">
        <h2 id="sms-news-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <MessageSquareText aria-hidden="true" className="size-5 text-green-700" />
          {t('smsNews.title')}
        </h2>
        <p role="status" className="text-sm text-slate-700">
          {t(askingNumber ? 'smsNews.off' : state === 'on' ? 'smsNews.on' : 'smsNews.waiting')}
        </p>
        {askingNumber ? (
          <form onSubmit={sendCode} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t('smsNews.phone')} hint={t('smsNews.phoneHint')} error={errorOf(request.error)}>
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(event) => setPhone(event.target.value)}
                  required
                />
              )}
            </Field>
            <Button type="submit" disabled={request.isPending} className="self-start sm:mb-7">
              {request.isPending ? t('smsNews.sending') : t('smsNews.sendCode')}
            </Button>
          </form>
        ) : null}
        {state === 'waiting' && !changingNumber ? (
          <form onSubmit={confirmCode} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label={t('smsNews.code')} error={errorOf(confirm.error)}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  required
                />
              )}
            </Field>
            <Button type="submit" disabled={confirm.isPending} className="self-start">
              {confirm.isPending ? t('smsNews.confirming') : t('smsNews.confirm')}
            </Button>
            <Button
              type="button"
              variant="outline"
              className="self-start"
              onClick={() => setChangingNumber(true)}
            >
              {t('smsNews.changeNumber')}
            </Button>
          </form>
        ) : null}
        {state === 'on' && !changingNumber ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            {stop.isPending ? t('smsNews.turningOff') : t('smsNews.turnOff')}
          </Button>
        ) : null}
        {stop.error ? <p className="text-sm font-medium text-red-700">{errorOf(stop.error)}</p> : null}
      </section>
    </Card>
  )
}
