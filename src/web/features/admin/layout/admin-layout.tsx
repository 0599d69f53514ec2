import { useQueryClient } from '@tanstack/react-query'
import Building2 from 'lucide-react/icons/building-2'
import FileText from 'lucide-react/icons/file-text'
import KeyRound from 'lucide-react/icons/key-round'
import LayoutDashboard from 'lucide-react/icons/layout-dashboard'
import MapIcon from 'lucide-react/icons/map'
import Tags from 'lucide-react/icons/tags'
import Users from 'lucide-react/icons/users'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { AppShell } from '../../../components/layout/app-shell'
import type { SidebarLinkProps } from '../../../components/ui/sidebar'
import { RequireSession } from '../../../lib/auth/require-session'
import { useSessionStore } from '../../../lib/auth/session-store'
import { toast } from '../../../lib/toast'
import { adminKeys } from '../api/query-keys'
import '../i18n/fr'
import { signedInAreaLoader } from '../../../lib/page-loader'

export const ADMIN_LOGIN_PATH = '/admin/login'

function AdminShell() {
  const { t } = useTranslation('admin')
  const { t: tShell } = useTranslation('shell')
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const queryClient = useQueryClient()
  const user = useSessionStore((state) => state.user)
  const logout = useSessionStore((state) => state.logout)

  const links: SidebarLinkProps[] = [
    { to: '/admin/dashboard', label: t('nav.dashboard'), icon: LayoutDashboard },
    { to: '/admin/reports', label: t('nav.reports'), icon: FileText },
    { to: '/admin/organizations', label: t('nav.organizations'), icon: Building2 },
    { to: '/admin/users', label: t('nav.users'), icon: Users },
    { to: '/admin/categories', label: t('nav.categories'), icon: Tags },
    { to: '/admin/zones', label: t('nav.areas'), icon: MapIcon },
    { to: '/admin/api-keys', label: t('nav.apiKeys'), icon: KeyRound },
  ]
  // The header names the current screen; the area's index is the dashboard.
  const heading = links.find((link) => pathname.startsWith(link.to))?.label ?? t('nav.dashboard')

  const onLogout = async () => {
    await logout()
    // The next person on this browser must not see the previous administrator's data.
    queryClient.removeQueries({ queryKey: adminKeys.all })
    toast.success(tShell('logout'), { description: t('layout.logoutText') })
    navigate(ADMIN_LOGIN_PATH, { replace: true })
  }

  return (
    <AppShell
      sidebarTitle={t('layout.sidebarTitle')}
      heading={heading}
      links={links}
      account={t('layout.account', { name: user?.name || user?.username || '' })}
      onLogout={() => void onLogout()}
    >
      <Outlet />
    </AppShell>
  )
}

/** /admin: the back-office frame, for a signed-in super administrator only. */
export function AdminLayout() {
  return (
    <RequireSession userType="admin" loginPath={ADMIN_LOGIN_PATH}>
      <AdminShell />
    </RequireSession>
  )
}

export const Component = AdminLayout

export const loader = signedInAreaLoader('admin', ADMIN_LOGIN_PATH)
