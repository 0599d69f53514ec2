import { useQueryClient } from '@tanstack/react-query'
import Bell from 'lucide-react/icons/bell'
import ClipboardList from 'lucide-react/icons/clipboard-list'
import Inbox from 'lucide-react/icons/inbox'
import LayoutDashboard from 'lucide-react/icons/layout-dashboard'
import Route from 'lucide-react/icons/route'
import Settings from 'lucide-react/icons/settings'
import UsersRound from 'lucide-react/icons/users-round'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router'
import { TOURNEE_PATH } from '../../../../domain/team-rules'
import { AppShell } from '../../../components/layout/app-shell'
import { RequireSession } from '../../../lib/auth/require-session'
import { useSessionStore } from '../../../lib/auth/session-store'
import { toast } from '../../../lib/toast'
import { forgetPhonePush } from '../api/phone-push'
import { organizationKeys } from '../api/query-keys'
import '../i18n/fr'
import { signedInAreaLoader } from '../../../lib/page-loader'
import { ORGANIZATION_HOME, ORGANIZATION_LOGIN } from './organization-paths'
import { useIsResponsable } from './use-is-responsable'
import { useOrganizationLiveEvents } from './use-organization-live-events'

function OrganizationShell() {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const navigate = useNavigate()
  const navigation = useNavigation()
  const { pathname } = useLocation()
  const queryClient = useQueryClient()
  const name = useSessionStore((state) => state.user?.name ?? state.user?.email ?? '')
  // The team is its responsables' to manage.
  const isResponsable = useIsResponsable()
  useOrganizationLiveEvents()

  const logout = async () => {
    // This phone stops hearing of the member's reports while the session can still say so.
    await forgetPhonePush().catch((error: unknown) => console.warn('notifications non retirées', error))
    // The session is cleared at once; the server is told in the background.
    const revoked = useSessionStore.getState().logout()
    toast.success(tShell('logout'))
    navigate(ORGANIZATION_LOGIN, { replace: true })
    await revoked
    // Nothing of this organisation stays in memory for the next person on this phone.
    queryClient.removeQueries({ queryKey: organizationKeys.all })
  }

  // The index shows the dashboard: its link is the current one there too.
  const dashboardPath =
    pathname.replace(/\/$/, '') === ORGANIZATION_HOME ? ORGANIZATION_HOME : '/organization/dashboard'
  return (
    <AppShell
      sidebarTitle={tRoot('nav.organizationSpace')}
      heading={tRoot('nav.organizationSpace')}
      account={name}
      onLogout={() => void logout()}
      links={[
        { to: dashboardPath, label: t('nav.dashboard'), icon: LayoutDashboard, end: true },
        { to: TOURNEE_PATH, label: t('nav.tournee'), icon: Route },
        { to: '/organization/available-reports', label: t('nav.available'), icon: Inbox },
        { to: '/organization/managed-reports', label: t('nav.managed'), icon: ClipboardList },
        { to: '/organization/notifications', label: t('nav.notifications'), icon: Bell },
        ...(isResponsable ? [{ to: '/organization/equipe', label: t('nav.team'), icon: UsersRound }] : []),
        { to: '/organization/settings', label: t('nav.settings'), icon: Settings },
      ]}
    >
      {navigation.state === 'loading' ? (
        <div role="status" className="mb-3 h-1 w-full overflow-hidden rounded-full bg-green-100">
          <div className="h-full w-1/3 animate-pulse rounded-full bg-green-600 motion-reduce:animate-none" />
          <span className="sr-only">{t('nav.loadingScreen')}</span>
        </div>
      ) : null}
      <Outlet />
    </AppShell>
  )
}

/** /organization: the organisation shell, for a signed-in organisation only. */
export function OrganizationLayout() {
  return (
    <RequireSession userType="organization" loginPath={ORGANIZATION_LOGIN}>
      <OrganizationShell />
    </RequireSession>
  )
}

export { OrganizationLayout as Component }

export const loader = signedInAreaLoader('organization', ORGANIZATION_LOGIN)
