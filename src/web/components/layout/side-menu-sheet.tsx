import Bell from 'lucide-react/icons/bell'
import Building2 from 'lucide-react/icons/building-2'
import FileText from 'lucide-react/icons/file-text'
import House from 'lucide-react/icons/house'
import Info from 'lucide-react/icons/info'
import LogIn from 'lucide-react/icons/log-in'
import MapPin from 'lucide-react/icons/map-pin'
import Settings2 from 'lucide-react/icons/settings-2'
import UserPlus from 'lucide-react/icons/user-plus'
import { type ComponentType, type SVGProps, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Sheet, SheetClose, SheetContent } from '../ui/sheet'
import { LanguageChoice } from './language-choice'
import { PreferencesDialog } from './preferences-dialog'
import '../../i18n/deferred/fr'

interface MenuLink {
  to: string
  label: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
}

function MenuLinks({ links }: { links: MenuLink[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {links.map(({ to, label, icon: Icon }) => (
        <li key={to}>
          <SheetClose asChild>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-green-50 hover:text-green-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
            >
              <Icon aria-hidden="true" className="size-5 text-green-700" />
              {label}
            </Link>
          </SheetClose>
        </li>
      ))}
    </ul>
  )
}

/** The menu panel itself, with Radix Dialog: loaded the first time the menu is opened. */
export default function SideMenuSheet({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation()
  const { t: tDeferred } = useTranslation('deferred')
  const [preferencesOpen, setPreferencesOpen] = useState(false)
  const citizenLinks: MenuLink[] = [
    { to: '/', label: t('nav.home'), icon: House },
    { to: '/mes-signalements', label: t('nav.myReports'), icon: FileText },
    { to: '/notifications', label: t('nav.notifications'), icon: Bell },
    { to: '/a-propos', label: t('nav.about'), icon: Info },
  ]
  const organizationLinks: MenuLink[] = [
    { to: '/organization/login', label: t('nav.organizationLogin'), icon: LogIn },
    { to: '/organization/signup', label: t('nav.organizationSignup'), icon: UserPlus },
  ]
  return (
    <>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent
          title={t('app.name')}
          description={t('nav.menuDescription')}
          closeLabel={t('nav.closeMenu')}
        >
          <nav
            aria-label={t('nav.mainNavigation')}
            className="flex flex-1 flex-col gap-6 overflow-y-auto p-4"
          >
            <MenuLinks links={citizenLinks} />
            <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
              <h3 className="flex items-center gap-2 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <Building2 aria-hidden="true" className="size-4" />
                {t('nav.organizationSpace')}
              </h3>
              <MenuLinks links={organizationLinks} />
            </div>
            <div className="flex flex-col gap-3 border-t border-slate-200 px-3 pt-4">
              <LanguageChoice />
              <button
                type="button"
                onClick={() => {
                  onOpenChange(false)
                  setPreferencesOpen(true)
                }}
                className="-mx-3 flex items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-800 hover:bg-green-50 hover:text-green-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
              >
                <Settings2 aria-hidden="true" className="size-5 text-green-700" />
                {tDeferred('nav.preferences')}
              </button>
            </div>
          </nav>
          <p className="flex items-start gap-2 border-t border-slate-200 p-4 text-xs text-slate-600">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
            {t('app.department')}
          </p>
        </SheetContent>
      </Sheet>
      <PreferencesDialog open={preferencesOpen} onOpenChange={setPreferencesOpen} />
    </>
  )
}
