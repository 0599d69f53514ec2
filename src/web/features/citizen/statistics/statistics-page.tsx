import '../i18n/fr'
import Download from 'lucide-react/icons/download'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { CategoryStats, OrganizationStats, PublicStats } from '../../../../domain/public-data'
import { OPENSTREETMAP_COPYRIGHT_URL } from '../../../../domain/public-data-rules'
import { buttonClassName } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { LoadError } from '../../../components/ui/load-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { useReasonText } from '../../../i18n/reason-text'
import { useCategoryName } from '../../../lib/category-name'
import { useFormatHours } from '../../../lib/format-hours'
import { formatPercent } from '../../../lib/format-numbers'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { usePageMeta } from '../../../lib/page-meta'
import { publicStatsQueryOptions, usePublicStats } from '../api/get-public-stats'
import { CitizenPage } from '../components/citizen-page'
import { OpenReportsMap } from './open-reports-map'
import { type RateBar, RateBars } from './rate-bars'
import { formatCount } from './stat-formats'
import { WeeklyTrend } from './weekly-trend'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <Card className="flex flex-col gap-4 p-4">{children}</Card>
    </section>
  )
}

function KeyFigures({ totals }: { totals: PublicStats['totals'] }) {
  const { t } = useTranslation('citizen')
  const formatHours = useFormatHours()
  const figures = [
    ['total', formatCount(totals.total)],
    ['resolved', formatCount(totals.resolved)],
    ['rate', formatPercent(totals.resolution_rate)],
    ['median', formatHours(totals.median_resolution_hours) ?? '—'],
    ['onTime', totals.on_time_rate === null ? '—' : formatPercent(totals.on_time_rate)],
  ] as const
  return (
    <section aria-label={t('statistics.totals.label')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([key, value]) => (
          <Card key={key} className="flex flex-col-reverse gap-1 p-4">
            <dt className="text-sm text-slate-700">{t(`statistics.totals.${key}`)}</dt>
            <dd className="text-2xl font-bold text-slate-900">{value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  )
}

/** What a bar says in words: its rate and counts, then its medians and its on-time rate. */
function useBarDetails() {
  const { t } = useTranslation('citizen')
  const formatHours = useFormatHours()
  return (
    figures: { resolution_rate: number; resolved: number; total: number; on_time_rate: number | null },
    medians: { resolution: number | null; claim?: number | null },
  ) => {
    const parts: string[] = [
      t('statistics.rateOf', {
        rate: formatPercent(figures.resolution_rate),
        resolved: formatCount(figures.resolved),
        total: formatCount(figures.total),
      }),
    ]
    const claim = medians.claim === undefined ? null : formatHours(medians.claim)
    if (claim) parts.push(t('statistics.medianClaim', { duration: claim }))
    const resolution = formatHours(medians.resolution)
    parts.push(
      resolution ? t('statistics.medianResolution', { duration: resolution }) : t('statistics.noMedian'),
    )
    if (figures.on_time_rate !== null) {
      parts.push(t('statistics.onTime', { rate: formatPercent(figures.on_time_rate) }))
    }
    return parts.join(' · ')
  }
}

function CategoryBars({ categories }: { categories: readonly CategoryStats[] }) {
  const { t } = useTranslation('citizen')
  const categoryName = useCategoryName()
  const details = useBarDetails()
  const bars: RateBar[] = categories.map((category) => ({
    key: String(category.category_id),
    label: categoryName(category.category),
    rate: category.resolution_rate,
    details: details(category, { resolution: category.median_resolution_hours }),
  }))
  return <RateBars title={t('statistics.byCategoryChart')} bars={bars} />
}

/** The organisations that manage the most reports (the page asks for a few); the open data has them all. */
function OrganizationBars({
  organizations,
  count,
}: {
  organizations: readonly OrganizationStats[]
  count: number
}) {
  const { t } = useTranslation('citizen')
  const details = useBarDetails()
  if (organizations.length === 0) return <p className="text-slate-700">{t('statistics.noOrganization')}</p>
  const bars: RateBar[] = organizations.map((organization) => ({
    key: organization.organization_id,
    label: organization.name,
    rate: organization.resolution_rate,
    details: details(
      { ...organization, total: organization.managed },
      { resolution: organization.median_resolution_hours, claim: organization.median_claim_hours },
    ),
  }))
  return (
    <>
      <RateBars title={t('statistics.byOrganizationChart')} bars={bars} />
      {count > organizations.length ? (
        <p className="text-sm text-slate-700">
          {t('statistics.organizationsShown', {
            shown: formatCount(organizations.length),
            total: formatCount(count),
          })}
        </p>
      ) : null}
    </>
  )
}

function OpenData({ areaLimitsImported }: { areaLimitsImported: boolean }) {
  const { t } = useTranslation('citizen')
  return (
    <Section id="statistics-open-data" title={t('statistics.openData.title')}>
      <p className="text-sm text-slate-800">{t('statistics.openData.text')}</p>
      {/* Imported limits are OpenStreetMap's: the ODbL asks that what is drawn from them say so. */}
      {areaLimitsImported ? (
        <p className="text-sm text-slate-800">
          {t('statistics.areaLimits.label')}{' '}
          <a href={OPENSTREETMAP_COPYRIGHT_URL} className="text-blue-800 underline">
            {t('statistics.areaLimits.credit')}
          </a>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <a href="/api/public/reports.csv" className={buttonClassName({ variant: 'outline' })}>
          <Download aria-hidden="true" className="size-5" />
          {t('statistics.openData.csv')}
        </a>
        <a href="/api/public/reports.geojson" className={buttonClassName({ variant: 'outline' })}>
          <Download aria-hidden="true" className="size-5" />
          {t('statistics.openData.geojson')}
        </a>
      </div>
    </Section>
  )
}

function StatisticsView({ stats }: { stats: PublicStats }) {
  const { t } = useTranslation('citizen')
  return (
    <>
      <KeyFigures totals={stats.totals} />
      <Section id="statistics-categories" title={t('statistics.byCategoryTitle')}>
        <CategoryBars categories={stats.by_category} />
      </Section>
      <Section id="statistics-organizations" title={t('statistics.byOrganizationTitle')}>
        <OrganizationBars organizations={stats.by_organization} count={stats.organization_count} />
      </Section>
      <p className="text-sm text-slate-700">{t('statistics.mediansNote')}</p>
      <p className="text-sm text-slate-700">{t('statistics.onTimeNote')}</p>
      <Section id="statistics-weeks" title={t('statistics.weeklyTitle')}>
        <WeeklyTrend weeks={stats.by_week} />
      </Section>
      <Section id="statistics-map" title={t('statistics.mapTitle')}>
        <OpenReportsMap areas={stats.open_by_area} />
      </Section>
      <OpenData areaLimitsImported={stats.area_limits_imported} />
    </>
  )
}

/**
 * /statistiques: how many reports are resolved, how fast and by whom, server-rendered with
 * its charts as SVG, so that it reads whole without JavaScript; and the open data's downloads.
 */
export function StatisticsPage() {
  const { t } = useTranslation('citizen')
  const stats = usePublicStats()
  const reasonText = useReasonText()
  usePageMeta({ title: t('statistics.meta.title'), description: t('statistics.meta.description') })

  return (
    <CitizenPage title={t('statistics.title')} intro={t('statistics.intro')}>
      {stats.data ? (
        <StatisticsView stats={stats.data} />
      ) : stats.isError ? (
        <LoadError message={reasonText(stats.error)} onRetry={() => void stats.refetch()} />
      ) : (
        <div role="status" className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <span className="sr-only">{t('statistics.loading')}</span>
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </CitizenPage>
  )
}

export { StatisticsPage as Component }

export const handle: PageHandle = { rendered: 'public' }
export const loader = pageLoader(() => [publicStatsQueryOptions()])
