import ClipboardList from 'lucide-react/icons/clipboard-list'
import { useTranslation } from 'react-i18next'
import type { OrganizationStats } from '../../../../domain/organization-space'
import { REPORT_STATUSES } from '../../../../domain/report-states'
import { REPORT_STATUS_ICONS } from '../../../components/report/report-status-icons'
import { StatCard, StatGrid } from '../../../components/ui/stat-card'

/**
 * The counts of the reports the organisation manages: all of them, pending, in progress,
 * resolved. The dashboard says under each what it counts.
 */
export function ReportCounters({
  stats,
  label,
  totalLabel,
  withHints = false,
}: {
  /** Undefined while loading. */
  stats: OrganizationStats | undefined
  label: string
  totalLabel: string
  withHints?: boolean
}) {
  const { t } = useTranslation('organization')
  const hint = (text: string) => (withHints ? text : undefined)
  return (
    <StatGrid label={label} busy={stats === undefined}>
      <StatCard
        label={totalLabel}
        hint={hint(t('dashboard.totalHint'))}
        value={stats?.total}
        icon={ClipboardList}
        tone="blue"
      />
      <StatCard
        label={REPORT_STATUSES['en-attente'].label}
        hint={hint(t('dashboard.pendingHint'))}
        value={stats?.pending}
        icon={REPORT_STATUS_ICONS['en-attente']}
        tone="red"
      />
      <StatCard
        label={REPORT_STATUSES['en-cours'].label}
        hint={hint(t('dashboard.inProgressHint'))}
        value={stats?.in_progress}
        icon={REPORT_STATUS_ICONS['en-cours']}
        tone="yellow"
      />
      <StatCard
        label={t('dashboard.resolved')}
        hint={hint(t('dashboard.resolvedHint'))}
        value={stats?.resolved}
        icon={REPORT_STATUS_ICONS.resolu}
        tone="green"
      />
    </StatGrid>
  )
}
