import type { OrganizationReport } from '../../../../domain/organization-space'
import { OverdueBadge } from '../../../components/report/overdue-badge'
import { ReportArea } from '../../../components/report/report-area'

/**
 * The report a confirmation is about, as its dialog names it: type, code, whether it is late,
 * commune and description.
 */
export function ReportConfirmationSummary({ report, code }: { report: OrganizationReport; code: string }) {
  return (
    <>
      <p className="text-sm font-semibold text-slate-900">
        {report.type} · <span className="font-mono">{code}</span> <OverdueBadge overdue={report.overdue} />
      </p>
      <p className="text-sm text-slate-600">
        <ReportArea area={report.area} report={report} />
      </p>
      <p className="mt-1 line-clamp-3 text-sm text-slate-700">{report.description}</p>
    </>
  )
}
