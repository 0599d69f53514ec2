import CloudOff from 'lucide-react/icons/cloud-off'
import FileText from 'lucide-react/icons/file-text'
import HandHeart from 'lucide-react/icons/hand-heart'
import Megaphone from 'lucide-react/icons/megaphone'
import { type ComponentType, type RefObject, type SVGProps, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button, buttonClassName } from '../../../components/ui/button'

/**
 * The result of a filing replaces the form: the page goes back to its top, where the result is
 * seen whole (the long form had been scrolled down to its button, and a focus alone would leave
 * the heading under the sticky header), and screen readers hear it first.
 */
export function useResultInView(heading: RefObject<HTMLHeadingElement | null>) {
  useEffect(() => {
    window.scrollTo({ top: 0 })
    heading.current?.focus({ preventScroll: true })
  }, [heading])
}

/** Where to go after a report: the reports of this phone, or another report. */
export function NextSteps({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation('citizen')
  return (
    <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
      <Link to="/mes-signalements" className={buttonClassName({ size: 'lg', className: 'px-5! text-base!' })}>
        <FileText aria-hidden="true" className="size-5" />
        {t('common.seeMyReports')}
      </Link>
      <Button variant="ghost" size="lg" className="px-2! text-base!" onClick={onAnother}>
        <Megaphone aria-hidden="true" className="size-5" />
        {t('success.another')}
      </Button>
    </div>
  )
}

/** What the citizen sees once a report is kept for later or a support is counted. */
function Outcome({
  icon: Icon,
  title,
  text,
  onAnother,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>
  title: string
  text: string
  onAnother: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  useResultInView(heading)
  return (
    <section
      aria-labelledby="report-outcome-title"
      className="flex flex-col items-center gap-5 rounded-2xl border border-green-200 bg-white px-4 py-8 text-center shadow-sm"
    >
      <Icon aria-hidden="true" className="size-14 text-green-700" />
      <h2
        id="report-outcome-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none"
      >
        {title}
      </h2>
      <p className="max-w-md text-slate-700">{text}</p>
      <NextSteps onAnother={onAnother} />
    </section>
  )
}

/** No connection: the report waits on the phone and leaves by itself when the network returns. */
export function ReportQueued({ onAnother }: { onAnother: () => void }) {
  const { t } = useTranslation('citizen')
  return <Outcome icon={CloudOff} title={t('queued.title')} text={t('queued.text')} onAnother={onAnother} />
}

/** "C'est le même problème": this device now supports that report instead of filing another one. */
export function ReportSupported({ supporters, onAnother }: { supporters: number; onAnother: () => void }) {
  const { t } = useTranslation('citizen')
  return (
    <Outcome
      icon={HandHeart}
      title={t('nearby.supportedTitle')}
      text={t('nearby.supportedText', { count: supporters })}
      onAnother={onAnother}
    />
  )
}
