import Inbox from 'lucide-react/icons/inbox'
import Send from 'lucide-react/icons/send'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { OrganizationStats } from '../../../../domain/organization-space'
import { PageHeader } from '../../../components/layout/page-header'
import { buttonClassName } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { Progress } from '../../../components/ui/progress'
import { RefreshButton } from '../../../components/ui/refresh-button'
import { Skeleton } from '../../../components/ui/skeleton'
import { Cell, RowHeader, Table, TableBody, TableHeader } from '../../../components/ui/table'
import { useSessionStore } from '../../../lib/auth/session-store'
import { formatPercent } from '../../../lib/format-numbers'
import { usePageMeta } from '../../../lib/page-meta'
import { profileQueryOptions, useProfile } from '../api/get-profile'
import { statsQueryOptions, useStats } from '../api/get-stats'
import { ReportCounters } from '../components/report-counters'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

/** Each member's reports: still open, and resolved (issue 29); for a team of more than one. */
function TeamCounts({ members }: { members: OrganizationStats['members'] }) {
  const { t } = useTranslation('organization')
  return (
    <Table caption={t('dashboard.team')}>
      <TableHeader columns={[t('team.name'), t('dashboard.teamOpen'), t('dashboard.teamResolved')]} />
      <TableBody>
        {members.map((member) => (
          <tr key={member.id}>
            <RowHeader>{member.name}</RowHeader>
            <Cell className="tabular-nums text-slate-800">{member.open}</Cell>
            <Cell className="tabular-nums text-slate-800">{member.resolved}</Cell>
          </tr>
        ))}
      </TableBody>
    </Table>
  )
}

/** The dashboard: welcome, the counts of the reports it manages, the resolution rate, messages sent. */
export function DashboardPage() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.dashboard'), description: t('meta.description') })
  const sessionName = useSessionStore((state) => state.user?.name ?? '')
  const profile = useProfile()
  const stats = useStats()
  const name = profile.data?.name ?? sessionName
  const refreshing = profile.isFetching || stats.isFetching

  const refresh = () => {
    void profile.refetch()
    void stats.refetch()
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('dashboard.welcome', { name })} subtitle={t('dashboard.subtitle')}>
        <RefreshButton onRefresh={refresh} busy={refreshing} />
      </PageHeader>

      {stats.isError && !stats.data ? (
        <LoadError title={t('dashboard.loadFailed')} message={stats.error.message} onRetry={refresh} />
      ) : (
        <>
          <ReportCounters
            stats={stats.data}
            label={t('nav.dashboard')}
            totalLabel={t('dashboard.total')}
            withHints
          />

          <div className="grid gap-3 md:grid-cols-2">
            <Card className="flex flex-col gap-3 p-5">
              <h2 className="text-base font-semibold text-slate-900">{t('dashboard.rate')}</h2>
              {stats.data ? (
                <>
                  <p className="text-3xl font-bold text-green-800">
                    {formatPercent(stats.data.resolution_rate)}
                  </p>
                  <Progress value={stats.data.resolution_rate} label={t('dashboard.rate')} />
                  <p className="text-sm text-slate-600">
                    {t('dashboard.rateText', { resolved: stats.data.resolved, total: stats.data.total })}
                  </p>
                </>
              ) : (
                <>
                  <Skeleton className="h-9 w-20" />
                  <Skeleton className="h-2.5 w-full" />
                </>
              )}
            </Card>
            <Card className="flex flex-col gap-3 p-5">
              <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
                <Send aria-hidden="true" className="size-4 text-slate-500" />
                {t('dashboard.notificationsSent')}
              </h2>
              {stats.data ? (
                <p className="text-3xl font-bold text-slate-900">{stats.data.notifications_sent}</p>
              ) : (
                <Skeleton className="h-9 w-16" />
              )}
              <p className="text-sm text-slate-600">{t('dashboard.notificationsSentHint')}</p>
            </Card>
          </div>

          {stats.data && stats.data.members.length > 1 ? <TeamCounts members={stats.data.members} /> : null}

          <Link to="/organization/available-reports" className={buttonClassName({ className: 'self-start' })}>
            <Inbox aria-hidden="true" className="size-4" />
            {t('dashboard.seeAvailable')}
          </Link>
        </>
      )}
    </div>
  )
}

export { DashboardPage as Component }

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(() => [profileQueryOptions(), statsQueryOptions()], 'organization')
