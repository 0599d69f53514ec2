import Bell from 'lucide-react/icons/bell'
import Info from 'lucide-react/icons/info'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useUnreadNotificationCount } from '../../lib/citizen-notifications'
import { useOnline } from '../../lib/use-online'
import { buttonClassName } from '../ui/button'
import { SideMenu } from './side-menu'

/**
 * Top bar of the citizen screens: menu, product name, notifications and about; without a
 * network, a line saying that reports will leave once it returns.
 */
export function SiteHeader() {
  const { t } = useTranslation()
  // Asked only when this device has filed or followed a report: other visitors send nothing.
  const unread = useUnreadNotificationCount()
  const online = useOnline()
  const notificationsLabel = unread > 0 ? `${t('nav.notifications')} (${unread})` : t('nav.notifications')
  return (
    <header className="sticky top-0 z-[1050] border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-1 px-1 sm:gap-2 sm:px-4">
        <SideMenu />
        <Link
          to="/"
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
        >
          <img src="/favicon.svg" alt="" width="28" height="28" className="size-7 shrink-0" />
          <span className="truncate text-base font-bold text-green-800 sm:text-lg">{t('app.name')}</span>
        </Link>
        <Link
          to="/notifications"
          aria-label={notificationsLabel}
          className={buttonClassName({ variant: 'ghost', size: 'icon', className: 'relative' })}
        >
          <Bell aria-hidden="true" className="size-6" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="unread-badge"
              className="absolute top-1 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-none font-bold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Link>
        <Link
          to="/a-propos"
          aria-label={t('nav.about')}
          className={buttonClassName({ variant: 'ghost', size: 'icon' })}
        >
          <Info aria-hidden="true" className="size-6" />
        </Link>
      </div>
      <p
        role="status"
        className={
          online ? 'sr-only' : 'bg-amber-100 px-4 py-1.5 text-center text-sm font-medium text-amber-950'
        }
      >
        {online ? '' : t('offline.banner')}
      </p>
    </header>
  )
}
