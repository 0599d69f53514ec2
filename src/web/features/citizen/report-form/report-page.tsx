import '../i18n/fr'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { categoriesQueryOptions } from '../../../lib/categories'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { usePageMeta } from '../../../lib/page-meta'
import { CitizenPage } from '../components/citizen-page'
import { type FormOutcome, ReportForm } from './report-form'
import { ReportQueued, ReportSupported } from './report-outcome'
import { ReportSuccess } from './report-success'

/**
 * /signaler: the report form, then the anonymous code once the server has the report, or what
 * became of it (kept on the phone until the network returns, or a "Moi aussi" instead).
 */
export function ReportPage() {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  usePageMeta({ title: t('reportForm.meta.title'), description: t('reportForm.meta.description') })
  const [outcome, setOutcome] = useState<FormOutcome | null>(null)
  // A new key gives the next report a fresh, empty form.
  const [formKey, setFormKey] = useState(0)
  const another = () => {
    setOutcome(null)
    setFormKey((key) => key + 1)
  }

  return (
    <CitizenPage title={tRoot('nav.report')} intro={outcome ? undefined : t('reportForm.intro')}>
      {outcome?.kind === 'created' ? (
        <ReportSuccess code={outcome.report.anonymous_code} onAnother={another} />
      ) : outcome?.kind === 'queued' ? (
        <ReportQueued onAnother={another} />
      ) : outcome?.kind === 'supported' ? (
        <ReportSupported supporters={outcome.supporters} onAnother={another} />
      ) : (
        <ReportForm key={formKey} onDone={setOutcome} />
      )}
    </CitizenPage>
  )
}

export { ReportPage as Component }

export const handle: PageHandle = { rendered: 'public' }
export const loader = pageLoader(() => [categoriesQueryOptions()])
