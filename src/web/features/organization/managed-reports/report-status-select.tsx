import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrganizationReport } from '../../../../domain/organization-space'
import {
  normalizeStatus,
  ORGANIZATION_SETTABLE_STATUSES,
  type OrganizationSettableStatus,
  REPORT_STATUSES,
  RESOLVED_STATUS,
} from '../../../../domain/report-states'
import { Dialog, DialogActions, DialogContent } from '../../../components/ui/dialog'
import { NativeSelect } from '../../../components/ui/native-select'
import { toast } from '../../../lib/toast'
import { useUpdateReportStatus } from '../api/update-report-status'
import { ReportConfirmationSummary } from '../components/report-confirmation-summary'
import { useMayWorkOn } from './report-assignee'

function isSettable(value: string): value is OrganizationSettableStatus {
  return (ORGANIZATION_SETTABLE_STATUSES as readonly string[]).includes(value)
}

/**
 * The status select of a managed report: en-attente, en-cours or resolu, in any order. "Résolu"
 * tells the citizen the problem is fixed: it is asked in a confirmation first, and the select
 * keeps the current status until it is confirmed.
 */
export function ReportStatusSelect({ report }: { report: OrganizationReport }) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const id = useId()
  const update = useUpdateReportStatus()
  const [confirming, setConfirming] = useState(false)
  const mayChange = useMayWorkOn(report)
  const current = normalizeStatus(report.status)
  // The chosen status shows at once; the list reloads when the server has it.
  const shown = update.isPending && update.variables ? update.variables.status : current
  const code = report.anonymous_code || tRoot('common.anonymous')

  const save = (value: OrganizationSettableStatus) =>
    update.mutate(
      { id: report.id, status: value },
      {
        onSuccess: () => toast.success(t('toasts.statusUpdated')),
        onError: () => toast.error(tRoot('common.error'), { description: t('toasts.statusUpdateFailed') }),
        onSettled: () => setConfirming(false),
      },
    )

  const change = (value: string) => {
    if (!isSettable(value) || value === current) return
    if (value === RESOLVED_STATUS) setConfirming(true)
    else save(value)
  }

  return (
    <div className="flex flex-col gap-1.5 sm:max-w-56">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <span aria-hidden="true">{t('report.status')}</span>
        <span className="sr-only">{t('managed.statusSelectLabel', { code })}</span>
      </label>
      <NativeSelect
        id={id}
        value={shown}
        disabled={update.isPending || !mayChange}
        aria-describedby={mayChange ? undefined : `${id}-hint`}
        onChange={(event) => change(event.target.value)}
      >
        {/* A status set by an administrator (rejected) is shown, but cannot be chosen here. */}
        {isSettable(current) ? null : (
          <option value={current} disabled>
            {REPORT_STATUSES[current].label}
          </option>
        )}
        {ORGANIZATION_SETTABLE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {REPORT_STATUSES[status].label}
          </option>
        ))}
      </NativeSelect>
      {mayChange ? null : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('managed.notYours')}
        </p>
      )}
      <Dialog open={confirming} onOpenChange={(open) => !update.isPending && setConfirming(open)}>
        <DialogContent
          title={t('managed.resolveTitle')}
          description={t('managed.resolveText')}
          footer={
            <DialogActions
              onConfirm={() => save(RESOLVED_STATUS)}
              busy={update.isPending}
              label={t('managed.resolve')}
              busyLabel={tShell('saving')}
            />
          }
        >
          <ReportConfirmationSummary report={report} code={code} />
        </DialogContent>
      </Dialog>
    </div>
  )
}
