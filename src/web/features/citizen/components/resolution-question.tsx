import CircleCheckBig from 'lucide-react/icons/circle-check-big'
import RotateCcw from 'lucide-react/icons/rotate-ccw'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { REOPEN_WINDOW_DAYS } from '../../../../domain/citizen-actions'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogActions, DialogContent, DialogTrigger } from '../../../components/ui/dialog'
import { useReasonText } from '../../../i18n/reason-text'
import { toast } from '../../../lib/toast'
import { useAnswerResolution } from '../api/answer-resolution'

/**
 * "Est-ce réglé ?", asked about a report of this device that an organisation marked resolved:
 * "Oui" confirms it; "Non" (once, within 30 days) puts it back in the organisation's hands.
 */
export function ResolutionQuestion({
  reportId,
  reportType,
  canReopen,
}: {
  reportId: string
  reportType: string
  canReopen: boolean
}) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const reasonText = useReasonText()
  const headingId = useId()
  const answer = useAnswerResolution()
  const [confirmingReopen, setConfirmingReopen] = useState(false)
  const onError = (error: Error) => toast.error(tRoot('common.error'), { description: reasonText(error) })

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-green-300 bg-green-50 p-3"
    >
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-bold text-slate-900">
          {t('resolution.question')}
          <span className="sr-only"> ({reportType})</span>
        </h3>
        <p className="text-sm text-slate-800">{t('resolution.text')}</p>
        {canReopen ? null : <p className="text-sm text-slate-700">{t('resolution.noMoreReopen')}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={answer.isPending}
          onClick={() =>
            answer.mutate(
              { reportId, reply: 'confirm' },
              { onSuccess: () => toast.success(t('resolution.confirmed')), onError },
            )
          }
        >
          <CircleCheckBig aria-hidden="true" className="size-5" />
          {t('resolution.yes')}
        </Button>
        {canReopen ? (
          <Dialog open={confirmingReopen} onOpenChange={setConfirmingReopen}>
            <DialogTrigger asChild>
              <Button variant="outline" disabled={answer.isPending}>
                <RotateCcw aria-hidden="true" className="size-5" />
                {t('resolution.no')}
              </Button>
            </DialogTrigger>
            <DialogContent
              title={t('resolution.reopenTitle')}
              description={t('resolution.reopenText', { days: REOPEN_WINDOW_DAYS })}
              footer={
                <DialogActions
                  label={t('resolution.reopenConfirm')}
                  busyLabel={tRoot('common.loading')}
                  busy={answer.isPending}
                  onConfirm={() =>
                    answer.mutate(
                      { reportId, reply: 'reopen' },
                      {
                        onSuccess: () => {
                          setConfirmingReopen(false)
                          toast.success(t('resolution.reopened'))
                        },
                        onError,
                      },
                    )
                  }
                />
              }
            />
          </Dialog>
        ) : null}
      </div>
    </section>
  )
}
