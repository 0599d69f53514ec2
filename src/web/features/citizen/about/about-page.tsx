import '../i18n/fr'
import BellRing from 'lucide-react/icons/bell-ring'
import Building2 from 'lucide-react/icons/building-2'
import ChartColumn from 'lucide-react/icons/chart-column'
import Mail from 'lucide-react/icons/mail'
import Megaphone from 'lucide-react/icons/megaphone'
import ShieldCheck from 'lucide-react/icons/shield-check'
import Wrench from 'lucide-react/icons/wrench'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { SMS_NUMBER_KEPT_DAYS } from '../../../../domain/sms-rules'
import { SmsInvitation } from '../../../components/layout/sms-invitation'
import { buttonClassName } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import type { PageHandle } from '../../../lib/page-loader'
import { usePageMeta } from '../../../lib/page-meta'
import { useContactEmail, useSmsNumber } from '../../../lib/site-contacts'
import { CitizenPage } from '../components/citizen-page'

const STEPS = [
  { key: 'report', icon: Megaphone },
  { key: 'claim', icon: Wrench },
  { key: 'follow', icon: BellRing },
] as const

const PRIVACY = ['noName', 'stored', 'photo', 'device', 'public', 'followers', 'push'] as const

/** /a-propos: what the platform is, how it works, what is stored and what stays anonymous, whom to write to. */
export function AboutPage() {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const contactEmail = useContactEmail()
  // The SMS channel's privacy is said only where the channel is on.
  const privacy = useSmsNumber() ? [...PRIVACY, 'sms' as const] : PRIVACY
  usePageMeta({ title: t('about.meta.title'), description: t('about.meta.description') })

  return (
    <CitizenPage title={t('about.title')} intro={t('about.intro')}>
      <section aria-labelledby="about-how" className="flex flex-col gap-3">
        <h2 id="about-how" className="text-xl font-bold text-slate-900">
          {t('about.howTitle')}
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <Icon aria-hidden="true" className="size-8 text-green-700" />
                <h3 className="font-semibold text-slate-900">{t(`about.steps.${key}.title`)}</h3>
                <p className="text-sm text-slate-700">{t(`about.steps.${key}.text`)}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="about-privacy" className="flex flex-col gap-3">
        <h2 id="about-privacy" className="text-xl font-bold text-slate-900">
          {t('about.privacyTitle')}
        </h2>
        <ul className="flex flex-col gap-2.5 rounded-xl border border-slate-200 bg-white p-4">
          {privacy.map((key) => (
            <li key={key} className="flex gap-2.5 text-sm text-slate-800">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              {t(`about.privacy.${key}`, { days: SMS_NUMBER_KEPT_DAYS })}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-statistics" className="flex flex-col gap-3">
        <h2 id="about-statistics" className="text-xl font-bold text-slate-900">
          {t('about.statisticsTitle')}
        </h2>
        <p className="text-slate-700">{t('about.statisticsText')}</p>
        <Link to="/statistiques" className={buttonClassName({ variant: 'outline' })}>
          <ChartColumn aria-hidden="true" className="size-5" />
          {t('about.statisticsLink')}
        </Link>
      </section>

      <section aria-labelledby="about-actions" className="flex flex-col gap-3">
        <h2 id="about-actions" className="text-xl font-bold text-slate-900">
          {t('about.actionsTitle')}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Link to="/signaler" className={buttonClassName({ size: 'lg' })}>
            <Megaphone aria-hidden="true" className="size-5" />
            {tRoot('nav.report')}
          </Link>
          <p className="text-sm text-slate-700 sm:ml-4">{t('about.organizationText')}</p>
          <Link to="/organization/login" className={buttonClassName({ variant: 'outline' })}>
            <Building2 aria-hidden="true" className="size-5" />
            {tRoot('nav.organizationSpace')}
          </Link>
        </div>
      </section>

      <section aria-labelledby="about-contact" className="flex flex-col gap-3">
        <h2 id="about-contact" className="text-xl font-bold text-slate-900">
          {t('about.contactTitle')}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {t('about.contactText')}
          <a
            href={`mailto:${contactEmail}`}
            className="inline-flex items-center gap-1.5 rounded font-medium text-green-800 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
          >
            <Mail aria-hidden="true" className="size-4" />
            {contactEmail}
          </a>
        </p>
        <SmsInvitation withHelp />
      </section>
    </CitizenPage>
  )
}

export { AboutPage as Component }

export const handle: PageHandle = { rendered: 'public' }
