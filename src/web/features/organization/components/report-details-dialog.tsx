import Eye from 'lucide-react/icons/eye'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { OverdueBadge } from '../../../components/report/overdue-badge'
import { PlaceName } from '../../../components/report/place-name'
import { ReportArea } from '../../../components/report/report-area'
import { ReportPriorityBadge, ReportStatusBadge } from '../../../components/report/report-badges'
import { ReportLocation } from '../../../components/report/report-location'
import { ReportPhoto } from '../../../components/report/report-photo'
import { ResolutionPhotoView } from '../../../components/report/resolution-photo-view'
import { VoiceNotePlayer } from '../../../components/report/voice-note-player'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog'
import { formatLongDate } from '../../../lib/format-dates'

/** One term of the list; `wide` takes the whole row (a dl allows one div around each dt/dd pair). */
function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'flex flex-col gap-0.5 sm:col-span-2' : 'flex flex-col gap-0.5'}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * "Détails du signalement", opened by its "Voir" button: everything about a report, its photo and
 * its voice note. The photo and the audio are fetched only once the dialog is open.
 */
export function ReportDetailsDialog({
  report,
  label,
  accessibleLabel,
}: {
  report: OrganizationReport
  /** The button's text: "Voir" unless told otherwise ("Voir plus"). */
  label?: string
  /** The button's name for screen readers, which says which report it opens. */
  accessibleLabel?: string
}) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const code = report.anonymous_code || tRoot('common.anonymous')
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={accessibleLabel ?? t('report.viewLabel', { code })}>
          <Eye aria-hidden="true" className="size-4" />
          {label ?? tShell('view')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('report.detailsTitle')}
        description={t('report.code', { code })}
        footer={
          <DialogClose asChild>
            <Button variant="outline">{tRoot('common.close')}</Button>
          </DialogClose>
        }
      >
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail label={t('report.type')}>{report.type}</Detail>
          <Detail label={t('report.status')}>
            <span className="flex flex-wrap gap-2">
              <ReportStatusBadge status={report.status} />
              <OverdueBadge overdue={report.overdue} />
            </span>
          </Detail>
          <Detail label={t('report.priority')}>
            <ReportPriorityBadge priority={report.priority} />
          </Detail>
          <Detail label={t('report.date')}>{formatLongDate(report.created_at)}</Detail>
          <Detail label={t('report.place')} wide>
            <PlaceName report={report} />
            <span className="block text-slate-600">
              <ReportArea area={report.area} report={report} />
            </span>
            <div className="mt-2">
              <ReportLocation
                latitude={report.latitude}
                longitude={report.longitude}
                label={report.type}
                approximate={report.location_precision === 'commune'}
              />
            </div>
          </Detail>
          <Detail label={t('report.description')} wide>
            <span className="whitespace-pre-line">{report.description}</span>
          </Detail>
          {report.claimed_at ? (
            <Detail label={t('report.claimed')} wide>
              {formatLongDate(report.claimed_at)}
            </Detail>
          ) : null}
          {report.photo_url ? (
            <Detail label={t('report.photo')} wide>
              <div className="mt-1">
                <ReportPhoto
                  src={report.photo_url}
                  thumbnail={report.photo_thumb_url}
                  alt={t('report.photoAlt', { type: report.type })}
                />
              </div>
            </Detail>
          ) : null}
          {report.audio_url ? (
            <Detail label={t('report.audio')} wide>
              <VoiceNotePlayer src={report.audio_url} className="mt-1 w-full">
                <a href={report.audio_url}>{t('report.audio')}</a>
              </VoiceNotePlayer>
            </Detail>
          ) : null}
        </dl>
        {report.resolution ? (
          <ResolutionPhotoView resolution={report.resolution} namespace="organization" />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
