import CircleCheckBig from 'lucide-react/icons/circle-check-big'
import Copy from 'lucide-react/icons/copy'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../lib/toast'
import { SmsNewsCard } from '../sms-news/sms-news-card'
import { NextSteps, useResultInView } from './report-outcome'

/** After sending: the anonymous code, large, to copy or write down, and where to go next. */
export function ReportSuccess({ code, onAnother }: { code: string; onAnother: () => void }) {
  const { t } = useTranslation('citizen')
  const heading = useRef<HTMLHeadingElement>(null)
  useResultInView(heading)

  async function copy() {
    try {
      await navigator.clipboard.writeText(code)
      toast.success(t('success.copied'))
    } catch {
      toast.error(t('success.copyFailed'))
    }
  }

  return (
    <section
      aria-labelledby="report-success-title"
      className="flex flex-col items-center gap-5 rounded-2xl border border-green-200 bg-white px-4 py-8 text-center shadow-sm"
    >
      <CircleCheckBig aria-hidden="true" className="size-14 text-green-700" />
      <h2
        id="report-success-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        {t('success.title')}
      </h2>
      <div className="flex flex-col items-center gap-2">
        <p className="text-sm font-medium text-slate-700">{t('success.codeLabel')}</p>
        <p className="rounded-xl bg-green-50 px-5 py-3 font-mono text-4xl font-bold tracking-[0.2em] text-green-900 sm:text-5xl">
          {/* Read out character by character, and never selected: a copy takes the code once. */}
          <span className="sr-only select-none">{code.split('').join(' ')}</span>
          {/* One click selects the whole code, and only it. */}
          <span aria-hidden="true" data-testid="anonymous-code" className="select-all">
            {code}
          </span>
        </p>
        <p className="max-w-md text-sm text-slate-600">{t('success.codeHint')}</p>
      </div>
      <Button variant="outline" size="lg" className="px-5! text-base!" onClick={() => void copy()}>
        <Copy aria-hidden="true" className="size-5" />
        {t('success.copy')}
      </Button>
      <SmsNewsCard className="w-full max-w-md text-left" />
      <NextSteps onAnother={onAnother} />
    </section>
  )
}
