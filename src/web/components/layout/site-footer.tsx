import Mail from 'lucide-react/icons/mail'
import MapPin from 'lucide-react/icons/map-pin'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useContactEmail } from '../../lib/site-contacts'
import { SmsInvitation } from './sms-invitation'

/** Footer of the citizen screens: useful links, the organisations' way in, and how to reach the team (CONTACT_EMAIL). */
export function SiteFooter() {
  const { t } = useTranslation()
  const contactEmail = useContactEmail()
  const links = [
    { to: '/', label: t('nav.home') },
    { to: '/signaler', label: t('nav.report') },
    { to: '/suivi', label: t('nav.tracking') },
    { to: '/statistiques', label: t('nav.statistics') },
    { to: '/a-propos', label: t('nav.about') },
    { to: '/organization/login', label: t('nav.organizationSpace') },
  ]
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:grid-cols-2">
        <nav aria-label={t('footer.navigation')}>
          <h2 className="mb-3 text-sm font-semibold text-slate-900">{t('footer.navigation')}</h2>
          <ul className="flex flex-col gap-2 text-sm">
            {links.map(({ to, label }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="rounded text-slate-700 underline-offset-4 hover:text-green-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="mb-3 text-sm font-semibold text-slate-900">
            {t('footer.contact')}
          </h2>
          <address className="flex flex-col gap-2 text-sm text-slate-700 not-italic">
            <span className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-green-700" />
              {t('footer.place')}
            </span>
            <a
              href={`mailto:${contactEmail}`}
              className="flex items-center gap-2 rounded underline-offset-4 hover:text-green-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
            >
              <Mail aria-hidden="true" className="size-4 text-green-700" />
              {contactEmail}
            </a>
            <SmsInvitation />
          </address>
        </section>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  )
}
