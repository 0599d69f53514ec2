import { useTranslation } from 'react-i18next'
import {
  isReportStatus,
  normalizePriority,
  normalizeStatus,
  REPORT_PRIORITIES,
  REPORT_STATUSES,
  reportStatusAsReceived,
} from '../../../domain/report-states'
import { Badge } from '../ui/badge'

/**
 * A report's status badge. The admin and organisation screens show an unknown status as
 * "En attente"; the citizen screens (`unknown="raw"`) show it as received, in grey (SPEC.md
 * section 4).
 */
export function ReportStatusBadge({
  status,
  unknown = 'pending',
}: {
  status: string
  unknown?: 'pending' | 'raw'
}) {
  const { t } = useTranslation()
  const shown = unknown === 'raw' ? status : normalizeStatus(status)
  const { label, tone } =
    unknown === 'raw' ? reportStatusAsReceived(shown) : REPORT_STATUSES[normalizeStatus(shown)]
  // Known statuses are named in the reader's language; an unknown one is shown as received.
  return <Badge tone={tone}>{isReportStatus(shown) ? t(`reportStatus.${shown}`) : label}</Badge>
}

/** Priority badge: an unknown priority shows as "Normal". */
export function ReportPriorityBadge({ priority }: { priority: string }) {
  const { label, tone } = REPORT_PRIORITIES[normalizePriority(priority)]
  return <Badge tone={tone}>{label}</Badge>
}
