import CalendarClock from 'lucide-react/icons/calendar-clock'
import CloudUpload from 'lucide-react/icons/cloud-upload'
import Image from 'lucide-react/icons/image'
import Mic from 'lucide-react/icons/mic'
import Trash2 from 'lucide-react/icons/trash-2'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Dialog, DialogActions, DialogContent, DialogTrigger } from '../../../components/ui/dialog'
import { useReasonText } from '../../../i18n/reason-text'
import { useCategoryName } from '../../../lib/category-name'
import { formatDateTime } from '../../../lib/format-dates'
import { formatFileSize } from '../../../lib/format-numbers'
import { flushFromPage } from '../../../lib/outbox/flush-from-page'
import type { QueuedReport } from '../../../lib/outbox/outbox-store'
import { toast } from '../../../lib/toast'
import { useOnline } from '../../../lib/use-online'
import { useCancelQueuedReport } from '../api/queued-reports'

/** The photo kept on the phone, shown from its bytes (no network). */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) return
    const created = URL.createObjectURL(blob)
    setUrl(created)
    return () => URL.revokeObjectURL(created)
  }, [blob])
  return url
}

/**
 * A report made without a connection, waiting on this phone: "En attente d'envoi", what it
 * holds, and "Annuler l'envoi". One the server refused says why.
 */
export function QueuedReportCard({ report }: { report: QueuedReport }) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const reasonText = useReasonText()
  const categoryName = useCategoryName()
  const titleId = useId()
  const online = useOnline()
  const photoUrl = useObjectUrl(report.photo?.blob)
  const cancel = useCancelQueuedReport()
  const [confirming, setConfirming] = useState(false)
  const refused = report.state === 'refused'

  return (
    <Card asChild>
      <article aria-labelledby={titleId} className="flex flex-col gap-3 border-dashed border-amber-400 p-4">
        <div className="flex gap-3">
          {photoUrl ? (
            <img
              src={photoUrl}
              alt={t('myReports.photo', { type: categoryName(report.fields.categoryName) })}
              width={80}
              height={80}
              className="size-20 shrink-0 rounded-lg border border-slate-200 object-cover"
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {categoryName(report.fields.categoryName)}
              </h2>
              <Badge tone={refused ? 'red' : 'orange'}>
                {refused ? t('outbox.refusedBadge') : t('outbox.badge')}
              </Badge>
            </div>
            <ul className="flex flex-col gap-1 text-xs text-slate-600">
              <li className="flex items-center gap-1.5">
                <CalendarClock aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
                <time dateTime={report.queuedAt}>
                  {t('outbox.queuedOn', { date: formatDateTime(report.queuedAt) })}
                </time>
              </li>
              {report.photo ? (
                <li className="flex items-center gap-1.5">
                  <Image aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
                  {t('outbox.photo', { size: formatFileSize(report.photo.blob.size) })}
                </li>
              ) : null}
              {report.audio ? (
                <li className="flex items-center gap-1.5">
                  <Mic aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
                  {t('outbox.voiceNote', { size: formatFileSize(report.audio.blob.size) })}
                </li>
              ) : null}
            </ul>
          </div>
        </div>
        {report.fields.description ? (
          <p className="text-sm text-slate-700">{report.fields.description}</p>
        ) : null}
        <p
          role={refused ? 'alert' : undefined}
          className={refused ? 'text-sm font-medium text-red-800' : 'text-sm text-slate-700'}
        >
          {refused
            ? t('outbox.refused', {
                message: report.error
                  ? reasonText({ message: report.error, reason: report.reason })
                  : tRoot('api.unexpected'),
              })
            : online
              ? t('outbox.sending')
              : t('outbox.waiting')}
        </p>
        <div className="flex flex-wrap gap-2">
          {!refused && online ? (
            <Button variant="outline" onClick={() => void flushFromPage()}>
              <CloudUpload aria-hidden="true" className="size-4" />
              {t('outbox.sendNow')}
            </Button>
          ) : null}
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <DialogTrigger asChild>
              <Button variant="ghost" className="text-red-800">
                <Trash2 aria-hidden="true" className="size-4" />
                {t('outbox.cancel')}
              </Button>
            </DialogTrigger>
            <DialogContent
              title={t('outbox.cancelTitle')}
              description={t('outbox.cancelText')}
              footer={
                <DialogActions
                  label={t('outbox.cancelConfirm')}
                  busyLabel={tRoot('common.loading')}
                  busy={cancel.isPending}
                  onConfirm={() =>
                    cancel.mutate(report.key, {
                      onSuccess: () => {
                        setConfirming(false)
                        toast.success(t('outbox.cancelled'))
                      },
                    })
                  }
                />
              }
            />
          </Dialog>
        </div>
      </article>
    </Card>
  )
}
