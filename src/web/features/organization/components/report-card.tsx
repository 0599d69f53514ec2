import CalendarDays from 'lucide-react/icons/calendar-days'
import Hash from 'lucide-react/icons/hash'
import MapPin from 'lucide-react/icons/map-pin'
import Users from 'lucide-react/icons/users'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { OverdueBadge } from '../../../components/report/overdue-badge'
import { PlaceName } from '../../../components/report/place-name'
import { ReportArea } from '../../../components/report/report-area'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { Card } from '../../../components/ui/card'
import { formatLongDate } from '../../../lib/format-dates'
import '../../../i18n/deferred/fr'

/**
 * A report in the lists of the organisation space: type, status, description, place and commune,
 * date, code ("Anonyme" without one) and its photo's thumbnail; the screen adds its own controls.
 */
export function ReportCard({
  report,
  description,
  headingLevel = 2,
  children,
  actions,
}: {
  report: OrganizationReport
  /** The description as the screen shows it (whole, or a preview). */
  description?: ReactNode
  headingLevel?: 2 | 3
  children?: ReactNode
  actions?: ReactNode
}) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const { t: tDeferred } = useTranslation('deferred')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const thumbnail = report.photo_thumb_url ?? report.photo_url
  return (
    <Card asChild className="flex h-full flex-col gap-3 p-4">
      <article aria-labelledby={`report-${report.id}-title`}>
        <div className="flex gap-3">
          {thumbnail ? (
            <img
              src={thumbnail}
              alt={t('report.photoAlt', { type: report.type })}
              loading="lazy"
              decoding="async"
              width={80}
              height={80}
              className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover"
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Heading id={`report-${report.id}-title`} className="text-base font-semibold text-slate-900">
                {report.type}
              </Heading>
              <div className="flex flex-wrap gap-2">
                <ReportStatusBadge status={report.status} />
                <OverdueBadge overdue={report.overdue} />
              </div>
            </div>
            <p className="line-clamp-3 text-sm break-words text-slate-700">
              {description ?? report.description}
            </p>
          </div>
        </div>
        <dl className="grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2">
          <div className="flex min-w-0 items-start gap-2">
            <dt className="pt-0.5">
              <MapPin aria-hidden="true" className="size-4 text-slate-500" />
              <span className="sr-only">{t('report.place')}</span>
            </dt>
            <dd className="min-w-0">
              <span className="block truncate">
                <PlaceName report={report} />
              </span>
              <span className="block truncate text-slate-500">
                <ReportArea area={report.area} report={report} />
              </span>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
              <span className="sr-only">{t('report.date')}</span>
            </dt>
            <dd>
              <time dateTime={report.created_at}>{formatLongDate(report.created_at)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Hash aria-hidden="true" className="size-4 text-slate-500" />
              <span className="sr-only">{tRoot('common.anonymous')}</span>
            </dt>
            <dd className="font-mono font-semibold tracking-wide text-slate-900">
              {report.anonymous_code || tRoot('common.anonymous')}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Users aria-hidden="true" className="size-4 text-slate-500" />
              <span className="sr-only">{t('report.supporters')}</span>
            </dt>
            <dd>{tDeferred('report.supporters', { count: report.supporters_count })}</dd>
          </div>
        </dl>
        {children}
        {actions ? <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div> : null}
      </article>
    </Card>
  )
}
