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
 * A status's name in the reader's language, by its machine label (`en-cours` → `reportStatus.en-cours`);
 * an unknown status as received (SPEC.md section 4).
 */
export function useReportStatusLabel(): (status: string) => string {
  const { t } = useTranslation()
  return (status) =>
    isReportStatus(status) ? t(`reportStatus.${status}`) : reportStatusAsReceived(status).label
}

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
  const statusLabel = useReportStatusLabel()
  const shown = unknown === 'raw' ? status : normalizeStatus(status)
  const { tone } = unknown === 'raw' ? reportStatusAsReceived(shown) : REPORT_STATUSES[normalizeStatus(shown)]
  return <Badge tone={tone}>{statusLabel(shown)}</Badge>
}

/** Priority badge: an unknown priority shows as "Normal". */
export function ReportPriorityBadge({ priority }: { priority: string }) {
  const { label, tone } = REPORT_PRIORITIES[normalizePriority(priority)]
  return <Badge tone={tone}>{label}</Badge>
}
