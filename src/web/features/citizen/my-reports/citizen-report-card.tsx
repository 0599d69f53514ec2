import CalendarDays from 'lucide-react/icons/calendar-days'
import Hash from 'lucide-react/icons/hash'
import MapPin from 'lucide-react/icons/map-pin'
import Users from 'lucide-react/icons/users'
import { useTranslation } from 'react-i18next'
import type { CitizenReport } from '../../../../domain/citizen'
import { PlaceName } from '../../../components/report/place-name'
import { ReportStatusBadge } from '../../../components/report/report-badges'
import { ReportHistory } from '../../../components/report/report-history'
import { ResolutionPhotoView } from '../../../components/report/resolution-photo-view'
import { Card } from '../../../components/ui/card'
import { useCategoryName } from '../../../lib/category-name'
import { formatLongDate } from '../../../lib/format-dates'
import { ResolutionQuestion } from '../components/resolution-question'
import '../../../i18n/deferred/fr'
import { reportCardId } from '../../../../domain/push-rules'
import { VoiceNotePlayer } from '../../../components/report/voice-note-player'

/** One of this device's reports: what, where, when, its code, its media and its history. */
export function CitizenReportCard({ report }: { report: CitizenReport }) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const { t: tDeferred } = useTranslation('deferred')
  const categoryName = useCategoryName()
  const type = categoryName(report.type)
  const titleId = `report-${report.id}-title`
  return (
    <Card asChild>
      <article
        id={reportCardId(report.id)}
        tabIndex={-1}
        aria-labelledby={titleId}
        className="flex scroll-mt-20 flex-col gap-3 p-4 focus:outline-none target:ring-2 target:ring-green-700"
      >
        <div className="flex gap-3">
          {report.photo_thumb_url ? (
            <a
              href={report.photo_url ?? report.photo_thumb_url}
              target="_blank"
              rel="noreferrer"
              className="shrink-0 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
              title={t('myReports.openPhoto')}
            >
              <img
                src={report.photo_thumb_url}
                alt={t('myReports.photo', { type })}
                width={80}
                height={80}
                loading="lazy"
                className="size-20 rounded-lg border border-slate-200 object-cover"
              />
            </a>
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {type}
              </h2>
              <ReportStatusBadge status={report.status} unknown="raw" />
            </div>
            <ul className="flex flex-col gap-1 text-xs text-slate-600">
              <li className="flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
                <time dateTime={report.created_at}>
                  {tRoot('report.filedOn', { date: formatLongDate(report.created_at) })}
                </time>
              </li>
              <li className="flex items-center gap-1.5">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
                <span className="truncate">
                  <PlaceName report={report} />
                </span>
              </li>
              <li className="flex items-center gap-1.5">
                <Hash aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
                {/* The code is the filer's: a report followed or supported here shows how it came. */}
                {report.anonymous_code ? (
                  <span>
                    {t('common.codeLabel')}{' '}
                    <span className="font-mono font-semibold text-slate-900">{report.anonymous_code}</span>
                  </span>
                ) : (
                  <span className="text-slate-600">
                    {report.supported_by_this_device ? t('myReports.supported') : t('myReports.followed')}
                  </span>
                )}
              </li>
              <li className="flex items-center gap-1.5">
                <Users aria-hidden="true" className="size-3.5 shrink-0 text-green-700" />
                {tDeferred('report.supporters', { count: report.supporters_count })}
              </li>
            </ul>
          </div>
        </div>
        {report.description ? <p className="text-sm text-slate-700">{report.description}</p> : null}
        {report.resolution_question ? (
          <ResolutionQuestion
            reportId={report.id}
            reportType={type}
            canReopen={report.resolution_question.can_reopen}
          />
        ) : null}
        {report.audio_url ? (
          <div className="flex flex-col gap-1">
            <span className="text-xs font-medium text-slate-700">{t('myReports.voiceNote')}</span>
            <VoiceNotePlayer
              src={report.audio_url}
              aria-label={t('myReports.voiceNoteOf', { type })}
              className="w-full"
            />
          </div>
        ) : null}
        {report.resolution ? (
          <ResolutionPhotoView resolution={report.resolution} namespace="citizen" />
        ) : null}
        {report.history.length > 0 ? (
          <details className="group rounded-lg bg-slate-50 px-3 py-2">
            <summary className="cursor-pointer py-1 text-sm font-medium text-green-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600">
              {t('myReports.history', { total: report.history.length })}
            </summary>
            <div className="pt-3 pb-1 pl-2">
              <ReportHistory events={report.history} namespace="citizen" />
            </div>
          </details>
        ) : null}
      </article>
    </Card>
  )
}
