import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { ReportEvent, TeamReportEvent } from '../../../domain/citizen'
import { REPORT_EVENT_KINDS, type ReportEventKind } from '../../../domain/report-history'
import { cn } from '../../lib/class-names'
import { formatDateTime } from '../../lib/format-dates'
import { useReportStatusLabel } from './report-badges'

/** A line of history as the screens receive it (the public history has no message title). */
export type HistoryEvent = Pick<ReportEvent, 'kind' | 'from_status' | 'to_status' | 'created_at'> &
  Partial<Pick<TeamReportEvent, 'title' | 'reason' | 'organization_name' | 'member_name'>>

/** The texts of a history, in the reader's language: each screen gives its catalogue's. */
export interface HistoryTexts {
  /** A kind of line ("Signalement envoyé"); one a newer server added, as received. */
  kind: (kind: string) => string
  /** Between a line's kind and its detail (" : " in French, ": " in English). */
  separator: string
  statusChange: (from: string, to: string) => string
  message: (title: string) => string
  reason: (reason: string) => string
  assigned: (organization: string) => string
  /** Who of an organisation acted: the back-office's history only (the public never reads it). */
  by?: (member: string) => string
}

/** What one line says: its heading, a detail after it, and a note below (a rejection's reason). */
export function historyLine(
  event: HistoryEvent,
  texts: HistoryTexts,
  statusLabel: (status: string) => string,
): { label: string; detail: string | null; note: string | null } {
  const note = event.reason ? texts.reason(event.reason) : null
  // The filing is the first line: it has no status to come from, and says all by itself.
  if (event.kind === 'created') return { label: texts.kind(event.kind), detail: null, note }
  // A report the administration gave to an organisation says to whom.
  if (event.kind === 'claimed' && event.organization_name) {
    return { label: texts.assigned(event.organization_name), detail: null, note }
  }
  const changed = event.kind === 'status_changed' && event.from_status && event.to_status
  const detail = changed
    ? texts.statusChange(statusLabel(event.from_status as string), statusLabel(event.to_status as string))
    : event.kind === 'message_sent' && event.title
      ? texts.message(event.title)
      : null
  return { label: texts.kind(event.kind), detail, note }
}

/** The namespaces whose catalogue has a `history` group: the citizen screens' and the back-office's. */
export type HistoryNamespace = 'citizen' | 'admin'

/** A history's texts from a catalogue's `history` group (each kind of line under `history.events`). */
export function useHistoryTexts(namespace: HistoryNamespace): HistoryTexts {
  const { t } = useTranslation(namespace)
  return {
    kind: (kind) =>
      Object.hasOwn(REPORT_EVENT_KINDS, kind) ? t(`history.events.${kind as ReportEventKind}`) : kind,
    separator: t('history.separator'),
    statusChange: (from, to) => t('history.statusChange', { from, to }),
    message: (title) => t('history.message', { title }),
    reason: (reason) => t('history.reason', { reason }),
    assigned: (organization) => t('history.assigned', { organization }),
    // `t` is the admin catalogue's here, which alone has the line.
    ...(namespace === 'admin'
      ? { by: (member: string) => (t as TFunction<'admin'>)('history.by', { member }) }
      : {}),
  }
}

/** What happened to a report, oldest first: every screen that shows a history renders it here. */
export function ReportHistory({
  events,
  namespace,
  className,
}: {
  events: HistoryEvent[]
  /** Whose catalogue says it: the citizen's (French, English, Wolof) or the back-office's. */
  namespace: HistoryNamespace
  className?: string
}) {
  const texts = useHistoryTexts(namespace)
  const statusLabel = useReportStatusLabel()
  return (
    <ol className={cn('flex flex-col gap-3 border-l-2 border-green-200 pl-4', className)}>
      {events.map((event, index) => {
        const { label, detail, note } = historyLine(event, texts, statusLabel)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a history only grows at its end, and two events may share kind and time
          <li key={`${event.kind}-${event.created_at}-${index}`} className="relative flex flex-col text-sm">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-green-700 ring-2 ring-white"
            />
            <span className="font-medium text-slate-900">
              {label}
              {detail ? (
                <span className="font-normal text-slate-700">
                  {texts.separator}
                  {detail}
                </span>
              ) : null}
            </span>
            {note ? <span className="whitespace-pre-line text-slate-700">{note}</span> : null}
            {event.member_name && texts.by ? (
              <span className="text-slate-700">{texts.by(event.member_name)}</span>
            ) : null}
            <time dateTime={event.created_at} className="text-xs text-slate-600">
              {formatDateTime(event.created_at)}
            </time>
          </li>
        )
      })}
    </ol>
  )
}
