import { useTranslation } from 'react-i18next'
import type { ReportEvent } from '../../../../domain/citizen'
import { REPORT_EVENT_KINDS } from '../../../../domain/citizen-rules'
import { useReportStatusLabel } from '../../../components/report/report-badges'
import { formatDateTime } from '../../../lib/french-dates'

type HistoryEvent = Pick<ReportEvent, 'kind' | 'from_status' | 'to_status' | 'created_at'> & {
  title?: string | null
}

/** What happened to a report, oldest first: filed, claimed, status changes, messages. */
export function ReportHistory({ events }: { events: HistoryEvent[] }) {
  const { t } = useTranslation('citizen')
  const statusLabel = useReportStatusLabel()
  // A kind the catalogue names in the reader's language; one a newer server added, as received.
  const kindLabel = (kind: string) =>
    Object.hasOwn(REPORT_EVENT_KINDS, kind)
      ? t(`history.events.${kind as keyof typeof REPORT_EVENT_KINDS}`)
      : kind
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-green-200 pl-4">
      {events.map((event) => {
        const detail =
          event.kind === 'status_changed' && event.from_status && event.to_status
            ? t('history.statusChange', {
                from: statusLabel(event.from_status),
                to: statusLabel(event.to_status),
              })
            : event.kind === 'message_sent' && event.title
              ? t('history.message', { title: event.title })
              : null
        return (
          <li key={`${event.kind}-${event.created_at}`} className="relative flex flex-col text-sm">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-green-700 ring-2 ring-white"
            />
            <span className="font-medium text-slate-900">
              {kindLabel(event.kind)}
              {detail ? (
                <span className="font-normal text-slate-700">
                  {t('history.separator')}
                  {detail}
                </span>
              ) : null}
            </span>
            <time dateTime={event.created_at} className="text-xs text-slate-600">
              {formatDateTime(event.created_at)}
            </time>
          </li>
        )
      })}
    </ol>
  )
}
