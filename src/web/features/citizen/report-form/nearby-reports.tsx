import CalendarDays from 'lucide-react/icons/calendar-days'
import Footprints from 'lucide-react/icons/footprints'
import HandHeart from 'lucide-react/icons/hand-heart'
import Users from 'lucide-react/icons/users'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { NearbyReport } from '../../../../domain/citizen'
import { NEARBY_RADIUS_M } from '../../../../domain/citizen-actions'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { useReasonText } from '../../../i18n/reason-text'
import { useCategoryName } from '../../../lib/category-name'
import { formatLongDate } from '../../../lib/format-dates'
import { toast } from '../../../lib/toast'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { type NearbyPlace, useNearbyReports } from '../api/get-nearby-reports'
import { useSupportReport } from '../api/support-report'
import '../../../i18n/deferred/fr'

function NearbyReportCard({
  report,
  supporting,
  onSupport,
}: {
  report: NearbyReport
  supporting: boolean
  onSupport: () => void
}) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const { t: tDeferred } = useTranslation('deferred')
  const categoryName = useCategoryName()
  const titleId = useId()
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-white p-3"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {categoryName(report.type)}
        </h3>
        <ReportStatusBadge status={report.status} unknown="raw" />
      </div>
      {report.description ? (
        <p className="line-clamp-3 text-sm text-slate-700">{report.description}</p>
      ) : null}
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <li className="flex items-center gap-1">
          <Footprints aria-hidden="true" className="size-3.5 text-green-700" />
          {t('nearby.distance', { distance: report.distance_m })}
          {report.address ? ` · ${report.address}` : ''}
        </li>
        <li className="flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-3.5 text-green-700" />
          <time dateTime={report.created_at}>
            {tRoot('report.filedOn', { date: formatLongDate(report.created_at) })}
          </time>
        </li>
        <li className="flex items-center gap-1">
          <Users aria-hidden="true" className="size-3.5 text-green-700" />
          {tDeferred('report.supporters', { count: report.supporters_count })}
        </li>
      </ul>
      {report.this_device === 'reporter' ? (
        <Badge tone="blue" className="self-start">
          {t('nearby.yours')}
        </Badge>
      ) : report.this_device === 'supporter' ? (
        <Badge tone="green" className="self-start">
          {t('nearby.alreadySupported')}
        </Badge>
      ) : (
        <Button onClick={onSupport} disabled={supporting} className="self-start" aria-describedby={titleId}>
          <HandHeart aria-hidden="true" className="size-5" />
          {supporting ? t('nearby.supporting') : t('nearby.same')}
        </Button>
      )}
    </article>
  )
}

/**
 * "Moi aussi": once the category and the place are chosen, the open reports of the same kind
 * within 100 m. "C'est le même problème" adds this device's support instead of a second report.
 * Nothing shows when there is none, or without a connection.
 */
export function NearbyReports({
  place,
  onSupported,
}: {
  place: NearbyPlace
  onSupported: (supporters: number) => void
}) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const reasonText = useReasonText()
  // A string: the form re-renders at each keystroke with a new object for the same place.
  const settled = useDebouncedValue(`${place.categoryId}|${place.latitude}|${place.longitude}`)
  const [categoryId, latitude, longitude] = settled.split('|').map(Number)
  const { data } = useNearbyReports({
    categoryId: categoryId ?? 0,
    latitude: latitude ?? 0,
    longitude: longitude ?? 0,
  })
  const support = useSupportReport()
  const headingId = useId()
  const reports = data?.items ?? []
  if (reports.length === 0) return null

  return (
    <section
      aria-labelledby={headingId}
      aria-live="polite"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-bold text-slate-900">
          {t('nearby.title')}
        </h2>
        <p className="text-sm text-slate-800">{t('nearby.intro', { radius: NEARBY_RADIUS_M })}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {reports.map((report) => (
          <li key={report.id}>
            <NearbyReportCard
              report={report}
              supporting={support.isPending && support.variables === report.id}
              onSupport={() =>
                support.mutate(report.id, {
                  onSuccess: (answer) => {
                    toast.success(t('nearby.supportedToast'))
                    onSupported(answer.supporters_count)
                  },
                  onError: (error) => toast.error(tRoot('common.error'), { description: reasonText(error) }),
                })
              }
            />
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">{t('nearby.different')}</p>
    </section>
  )
}
