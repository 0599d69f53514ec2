import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminReportDetail } from '../../../../domain/admin'
import {
  HANDLED_STATUSES,
  normalizePriority,
  normalizeStatus,
  REJECTED_STATUS,
  REPORT_STATUS_VALUES,
} from '../../../../domain/report-states'
import { OverdueBadge } from '../../../components/report/overdue-badge'
import { PlaceName } from '../../../components/report/place-name'
import { ReportArea } from '../../../components/report/report-area'
import { ReportPriorityBadge, ReportStatusBadge } from '../../../components/report/report-badges'
import { ReportHistory } from '../../../components/report/report-history'
import { ReportLocation } from '../../../components/report/report-location'
import { priorityOptions, statusOptions } from '../../../components/report/report-options'
import { ReportPhoto } from '../../../components/report/report-photo'
import { ResolutionPhotoView } from '../../../components/report/resolution-photo-view'
import { VoiceNotePlayer } from '../../../components/report/voice-note-player'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { SelectField } from '../../../components/ui/select-field'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { formatDateTime } from '../../../lib/format-dates'
import { toast } from '../../../lib/toast'
import { useAdminReport } from '../api/get-admin-report'
import { useEligibleOrganizations } from '../api/get-eligible-organizations'
import { type AdminReportChanges, useUpdateAdminReport } from '../api/update-admin-report'

// The reason's form loads zod and its form bindings (about 45 KB): only when an administrator rejects.
const RejectDialog = lazy(() =>
  import('./reject-dialog').then((module) => ({ default: module.RejectDialog })),
)

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback
}

/** "Attribuer à…": the organisations that may be given the report, and the button that does it. */
function AssignField({
  report,
  busy,
  onAssign,
}: {
  report: AdminReportDetail
  busy: boolean
  onAssign: (organization: { id: string; name: string }) => void
}) {
  const { t } = useTranslation('admin')
  const eligible = useEligibleOrganizations(report.id)
  const [chosen, setChosen] = useState('')
  const organizations = eligible.data?.items ?? []
  const picked = organizations.find((organization) => organization.id === chosen)
  if (eligible.isError) {
    return <p className="text-sm text-red-700 sm:col-span-2">{t('detail.eligibleFailed')}</p>
  }
  if (eligible.isSuccess && organizations.length === 0) {
    return (
      <p className="text-sm text-slate-700 sm:col-span-2">
        {t('detail.noEligible', { category: report.type })}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row sm:items-end">
      <Field
        label={t('detail.assignLabel')}
        hint={t('detail.assignHint', { category: report.type })}
        className="flex-1"
      >
        {(control) => (
          <NativeSelect
            {...control}
            value={chosen}
            disabled={busy || !eligible.isSuccess}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">{t('detail.assignPlaceholder')}</option>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Button
        type="button"
        className="sm:mb-7"
        disabled={busy || !picked || picked.id === report.assigned_organization_id}
        onClick={() => {
          if (picked) onAssign(picked)
        }}
      >
        {busy ? t('detail.assigning') : t('detail.assign')}
      </Button>
    </div>
  )
}

function Moderation({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const update = useUpdateAdminReport(report.id)
  const [rejecting, setRejecting] = useState(false)
  const change = (changes: AdminReportChanges, success: string, done?: () => void) =>
    update.mutate(changes, {
      onSuccess: () => {
        toast.success(success)
        done?.()
      },
      onError: (error) =>
        toast.error(tRoot('common.error'), { description: failureText(error, t('detail.updateFailed')) }),
    })
  const status = normalizeStatus(report.status)
  const unassigned = report.assigned_organization_id === null
  // Nobody at work on it: "En cours" and "Résolu" are not offered (but a current one still shows).
  const statuses = REPORT_STATUS_VALUES.filter(
    (value) => !unassigned || value === status || !HANDLED_STATUSES.includes(value),
  )
  return (
    <section aria-labelledby="moderation-title" className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3">
      <h3 id="moderation-title" className="text-sm font-bold text-slate-900">
        {t('detail.moderation')}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={t('fields.status')}
          hint={unassigned ? t('detail.nobodyHandles') : t('detail.rejectHint')}
          value={status}
          disabled={update.isPending}
          options={statusOptions(statuses)}
          onChange={(next) => {
            if (next === REJECTED_STATUS) setRejecting(true)
            else change({ status: next }, t('status.updated'))
          }}
        />
        <SelectField
          label={t('fields.priority')}
          value={normalizePriority(report.priority)}
          disabled={update.isPending}
          options={priorityOptions()}
          onChange={(priority) => change({ priority }, t('detail.priorityUpdated'))}
        />
        {status === REJECTED_STATUS ? null : (
          <AssignField
            report={report}
            busy={update.isPending}
            onAssign={(organization) =>
              change(
                { organization_id: organization.id },
                t('detail.assigned', { organization: organization.name }),
              )
            }
          />
        )}
      </div>
      {rejecting && (
        <Suspense fallback={null}>
          <RejectDialog
            open
            busy={update.isPending}
            onCancel={() => setRejecting(false)}
            onConfirm={(reason) =>
              change({ status: REJECTED_STATUS, reason }, t('detail.rejected'), () => setRejecting(false))
            }
          />
        </Suspense>
      )}
    </section>
  )
}

function ReportDetail({ report }: { report: AdminReportDetail }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const code = report.anonymous_code || tRoot('common.anonymous')
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-slate-900">{report.type}</h3>
        <div className="flex flex-wrap gap-2">
          <ReportStatusBadge status={report.status} />
          <ReportPriorityBadge priority={report.priority} />
          <OverdueBadge overdue={report.overdue} />
        </div>
      </div>

      <section aria-labelledby="description-title" className="flex flex-col gap-1">
        <h4 id="description-title" className="text-sm font-semibold text-slate-600">
          {t('detail.description')}
        </h4>
        <p className="text-sm whitespace-pre-line text-slate-900">{report.description}</p>
      </section>

      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="font-semibold text-slate-600">{t('fields.place')}</dt>
          <dd className="text-slate-900">
            <PlaceName report={report} />
            <span className="block text-slate-600">
              <ReportArea area={report.area} report={report} />
            </span>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">{t('fields.department')}</dt>
          <dd className="text-slate-900">{report.department || tShell('notSpecified')}</dd>
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

      <ReportLocation
        latitude={report.latitude}
        longitude={report.longitude}
        label={report.type}
        approximate={report.location_precision === 'commune'}
      />

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
          <VoiceNotePlayer src={report.audio_url} aria-labelledby="audio-title" className="w-full" />
        </section>
      ) : null}

      {report.resolution ? <ResolutionPhotoView resolution={report.resolution} namespace="admin" /> : null}

      <Moderation report={report} />

      <section aria-labelledby="history-title" className="flex flex-col gap-2">
        <h4 id="history-title" className="text-sm font-semibold text-slate-600">
          {t('detail.history')}
        </h4>
        {report.history.length === 0 ? (
          <p className="text-sm text-slate-600">{t('detail.historyEmpty')}</p>
        ) : (
          <ReportHistory events={report.history} namespace="admin" className="border-slate-200" />
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
