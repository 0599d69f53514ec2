import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { mayWorkOnReport } from '../../../../domain/team-rules'
import { NativeSelect } from '../../../components/ui/native-select'
import { ApiError } from '../../../lib/api-client'
import { useSessionStore } from '../../../lib/auth/session-store'
import { toast } from '../../../lib/toast'
import { useMembers } from '../api/team'
import { useHandOverReport } from '../api/update-report-status'
import { useIsResponsable } from '../layout/use-is-responsable'

/** Whether the signed-in member may change this report: a responsable, or the agent it is handed to. */
export function useMayWorkOn(report: OrganizationReport): boolean {
  const member = useSessionStore((state) => state.user?.member)
  return mayWorkOnReport(member, report.assignee?.id)
}

/** A responsable's choice of the member who will go; what the others read. */
function AssigneeSelect({ report }: { report: OrganizationReport }) {
  const { t } = useTranslation('organization')
  const id = useId()
  const members = useMembers()
  const handOver = useHandOverReport()
  const code = report.anonymous_code
  const active = (members.data?.items ?? []).filter((member) => member.status === 'active')
  const shown = handOver.isPending && handOver.variables ? handOver.variables.assigneeId : report.assignee?.id

  const change = (value: string) =>
    handOver.mutate(
      { id: report.id, assigneeId: value || null },
      {
        onSuccess: () => toast.success(t('managed.handedOver')),
        onError: (error) =>
          toast.error(error instanceof ApiError ? error.message : t('managed.handOverFailed')),
      },
    )

  return (
    <div className="flex flex-col gap-1.5 sm:max-w-56">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        <span aria-hidden="true">{t('managed.assignee')}</span>
        <span className="sr-only">{t('managed.assigneeLabel', { code })}</span>
      </label>
      <NativeSelect
        id={id}
        value={shown ?? ''}
        disabled={handOver.isPending || members.isPending}
        onChange={(event) => change(event.target.value)}
      >
        <option value="">{t('managed.toNobody')}</option>
        {/* A member no longer active keeps the reports handed to them until they are handed on. */}
        {report.assignee && !active.some((member) => member.id === report.assignee?.id) ? (
          <option value={report.assignee.id}>{report.assignee.name}</option>
        ) : null}
        {active.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}

/** Who a managed report is handed to: chosen by a responsable, read by an agent. */
export function ReportAssignee({ report }: { report: OrganizationReport }) {
  const { t } = useTranslation('organization')
  if (useIsResponsable()) return <AssigneeSelect report={report} />
  return (
    <p className="text-sm text-slate-700">
      {report.assignee ? t('managed.assignedTo', { name: report.assignee.name }) : t('managed.notAssigned')}
    </p>
  )
}
