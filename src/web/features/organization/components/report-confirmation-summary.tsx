import type { OrganizationReport } from '../../../../domain/organization-space'
import { ReportArea } from '../../../components/report/report-area'

/** The report a confirmation is about, as its dialog names it: type, code, commune and description. */
export function ReportConfirmationSummary({ report, code }: { report: OrganizationReport; code: string }) {
  return (
    <>
      <p className="text-sm font-semibold text-slate-900">
        {report.type} · <span className="font-mono">{code}</span>
      </p>
      <p className="text-sm text-slate-600">
        <ReportArea area={report.area} />
      </p>
      <p className="mt-1 line-clamp-3 text-sm text-slate-700">{report.description}</p>
    </>
  )
}
