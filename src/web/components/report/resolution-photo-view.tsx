import { useTranslation } from 'react-i18next'
import type { ResolutionPhoto } from '../../../domain/report'
import { formatLongDate } from '../../lib/format-dates'
import { ReportPhoto } from './report-photo'

/** The namespaces whose catalogue has an `afterWork` group. */
export type AfterWorkNamespace = 'citizen' | 'organization' | 'admin'

/**
 * "Après intervention": the photo of the fix beside the status (issue 29), with the organisation's
 * note. Public: the report's page shows it to anyone, never with the name of who took it.
 */
export function ResolutionPhotoView({
  resolution,
  namespace,
}: {
  resolution: ResolutionPhoto
  namespace: AfterWorkNamespace
}) {
  const { t } = useTranslation(namespace)
  return (
    <section aria-labelledby="after-work-title" className="flex flex-col gap-2">
      <h2 id="after-work-title" className="text-sm font-semibold text-slate-900">
        {t('afterWork.title')}
      </h2>
      <ReportPhoto src={resolution.photo_url} thumbnail={resolution.thumb_url} alt={t('afterWork.alt')} />
      {resolution.note ? (
        <p className="whitespace-pre-line break-words text-sm text-slate-800">{resolution.note}</p>
      ) : null}
      <p className="text-xs text-slate-600">
        {t('afterWork.takenOn', { date: formatLongDate(resolution.created_at) })}
      </p>
    </section>
  )
}
