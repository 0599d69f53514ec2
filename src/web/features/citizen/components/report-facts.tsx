import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatLongDate } from '../../../lib/format-dates'

/** One line of a report's facts: its label, and what it says. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  )
}

interface FactsSource {
  created_at: string
  claimed_at: string | null
  resolved_at: string | null
  updated_at: string
  organization_name: string | null
}

/**
 * What /suivi and a report's public page both tell of it: its dates, in the reader's language, and
 * the organisation that handles it. `children` come first (its place, its department).
 */
export function ReportFacts({ report, children }: { report: FactsSource; children?: ReactNode }) {
  const { t } = useTranslation('citizen')
  const dates = [
    { label: t('reportDetails.filed'), value: report.created_at },
    { label: t('reportDetails.claimed'), value: report.claimed_at },
    { label: t('reportDetails.resolved'), value: report.resolved_at },
    { label: t('reportDetails.updated'), value: report.updated_at },
  ]
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {children}
      {dates.map(({ label, value }) => (
        <Fact key={label} label={label}>
          {value ? <time dateTime={value}>{formatLongDate(value)}</time> : t('reportDetails.notYet')}
        </Fact>
      ))}
      <Fact label={t('reportDetails.organization')}>
        {report.organization_name ?? t('reportDetails.noOrganization')}
      </Fact>
    </dl>
  )
}
