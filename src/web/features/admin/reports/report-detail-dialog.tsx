import { useTranslation } from 'react-i18next'
import type { AdminReportDetail } from '../../../../domain/admin'
import type { ReportEvent } from '../../../../domain/citizen'
import { reportEventLabel } from '../../../../domain/citizen-rules'
import {
  normalizePriority,
  normalizeStatus,
  REPORT_STATUS_VALUES,
  reportStatusAsReceived,
} from '../../../../domain/report-states'
import { ReportPriorityBadge, ReportStatusBadge } from '../../../components/report/report-badges'
import { ReportLocation } from '../../../components/report/report-location'
import { priorityOptions, statusOptions } from '../../../components/report/report-options'
import { ReportPhoto } from '../../../components/report/report-photo'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { SelectField } from '../../../components/ui/select-field'
import { Spinner } from '../../../components/ui/spinner'
import { formatDateTime } from '../../../lib/french-dates'
import { toast } from '../../../lib/toast'
import { useAdminReport } from '../api/get-admin-report'
import { type AdminReportChanges, useUpdateAdminReport } from '../api/update-admin-report'

function statusLabel(status: string | null) {
  return status ? reportStatusAsReceived(status).label : ''
}

function eventText(event: ReportEvent): string {
  const kind = reportEventLabel(event.kind)
  if (event.from_status || event.to_status) {
    return `${kind}\u202f: ${statusLabel(event.from_status)} → ${statusLabel(event.to_status)}`
  }
  return event.title ? `${kind}\u202f: ${event.title}` : kind
}

function Moderation({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const update = useUpdateAdminReport(report.id)
  const change = (changes: AdminReportChanges, success: string) =>
    update.mutate(changes, {
      onSuccess: () => toast.success(success),
      onError: () => toast.error(tRoot('common.error'), { description: t('status.updateFailed') }),
    })
  return (
    <section aria-labelledby="moderation-title" className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
      <h3 id="moderation-title" className="text-sm font-bold text-slate-900">
        {t('detail.moderation')}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={t('fields.status')}
          hint={t('detail.rejectHint')}
          value={normalizeStatus(report.status)}
          disabled={update.isPending}
          options={statusOptions(REPORT_STATUS_VALUES)}
          onChange={(status) => change({ status }, t('status.updated'))}
        />
        <SelectField
          label={t('fields.priority')}
          value={normalizePriority(report.priority)}
          disabled={update.isPending}
          options={priorityOptions()}
          onChange={(priority) => change({ priority }, t('detail.priorityUpdated'))}
        />
      </div>
    </section>
  )
}

function ReportDetail({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const code = report.anonymous_code || tRoot('common.anonymous')
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">{report.type}</h3>
        <div className="flex gap-2">
          <ReportStatusBadge status={report.status} />
          <ReportPriorityBadge priority={report.priority} />
        </div>
      </div>

      <section aria-labelledby="description-title" className="flex flex-col gap-1">
        <h4 id="description-title" className="text-sm font-semibold text-slate-600">
          {t('detail.description')}
        </h4>
        <p className="text-sm whitespace-pre-line text-slate-900">{report.description}</p>
      </section>

      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        {report.address ? (
          <div className="sm:col-span-2">
            <dt className="font-semibold text-slate-600">{t('fields.address')}</dt>
            <dd className="text-slate-900">{report.address}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-semibold text-slate-600">{t('fields.department')}</dt>
          <dd className="text-slate-900">{report.department || tRoot('common.notSpecified')}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">{t('organizations.organization')}</dt>
          <dd className="text-slate-900">{report.assigned_organization_name ?? t('detail.unassigned')}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">{t('fields.createdAt')}</dt>
          <dd className="text-slate-900">{formatDateTime(report.created_at)}</dd>
        </div>
      </dl>

      <ReportLocation latitude={report.latitude} longitude={report.longitude} label={report.type} />

      {report.photo_url ? (
        <ReportPhoto
          src={report.photo_url}
          thumbnail={report.photo_thumb_url}
          alt={t('detail.photoAlt', { code })}
        />
      ) : null}

      {report.audio_url ? (
        <section aria-labelledby="audio-title" className="flex flex-col gap-1">
          <h4 id="audio-title" className="text-sm font-semibold text-slate-600">
            {t('detail.audio')}
          </h4>
          {/* biome-ignore lint/a11y/useMediaCaption: a citizen's voice note has no transcript to offer */}
          <audio
            controls
            preload="none"
            src={report.audio_url}
            aria-labelledby="audio-title"
            className="w-full"
          />
        </section>
      ) : null}

      <Moderation report={report} />

      <section aria-labelledby="history-title" className="flex flex-col gap-2">
        <h4 id="history-title" className="text-sm font-semibold text-slate-600">
          {t('detail.history')}
        </h4>
        {report.history.length === 0 ? (
          <p className="text-sm text-slate-600">{t('detail.historyEmpty')}</p>
        ) : (
          <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4">
            {report.history.map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a history only grows at its end, and two events may share kind and time
              <li key={`${event.kind}-${event.created_at}-${index}`} className="flex flex-col text-sm">
                <span className="font-medium text-slate-900">{eventText(event)}</span>
                <time dateTime={event.created_at} className="text-xs text-slate-600">
                  {formatDateTime(event.created_at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="messages-title" className="flex flex-col gap-2">
        <h4 id="messages-title" className="text-sm font-semibold text-slate-600">
          {t('detail.messages')}
        </h4>
        {report.notifications.length === 0 ? (
          <p className="text-sm text-slate-600">{t('detail.messagesEmpty')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {report.notifications.map((message) => (
              <li key={message.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-semibold text-slate-900">{message.title}</p>
                <p className="whitespace-pre-line text-slate-700">{message.message}</p>
                <time dateTime={message.created_at} className="text-xs text-slate-600">
                  {formatDateTime(message.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

/** "Détails du signalement": everything about one report, and its moderation. */
export function ReportDetailDialog({
  reportId,
  code,
  onClose,
}: {
  reportId: string | null
  /** Known from the list, so that the title does not wait for the detail. */
  code: string
  onClose: () => void
}) {
  const { t } = useTranslation('admin')
  const { data, isPending, isError } = useAdminReport(reportId)
  return (
    <Dialog open={reportId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={t('detail.title')}
        description={t('detail.code', { code: data?.anonymous_code ?? code })}
        className="max-w-2xl"
      >
        {isPending ? (
          <div role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-slate-600">
            <Spinner className="size-6" />
            {t('detail.loading')}
          </div>
        ) : isError ? (
          <p role="alert" className="py-6 text-sm text-red-700">
            {t('detail.loadFailed')}
          </p>
        ) : (
          <ReportDetail report={data} />
        )}
      </DialogContent>
    </Dialog>
  )
}
