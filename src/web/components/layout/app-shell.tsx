import LogOut from 'lucide-react/icons/log-out'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import './shell-texts'
import { cn } from '../../lib/class-names'
import { Button } from '../ui/button'
import {
  Sidebar,
  SidebarLink,
  type SidebarLinkProps,
  SidebarProvider,
  SidebarTrigger,
  useSidebarExpanded,
} from '../ui/sidebar'
import { Tooltip } from '../ui/tooltip'

export interface AppShellProps {
  /** The sidebar's title ("Panneau d'administration", "Espace Organisation"). */
  sidebarTitle: string
  heading: string
  links: SidebarLinkProps[]
  /** Who is signed in, shown above the logout button ("Admin: Awa Ndiaye"). */
  account: string
  onLogout: () => void
  children: ReactNode
}

function SidebarFooter({ account, onLogout }: Pick<AppShellProps, 'account' | 'onLogout'>) {
  const { t } = useTranslation('shell')
  const expanded = useSidebarExpanded()
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 p-2">
      {expanded ? <p className="truncate px-2 text-xs font-medium text-slate-600">{account}</p> : null}
      <Tooltip content={t('logout')} hidden={expanded}>
        <Button
          variant="ghost"
          onClick={onLogout}
          aria-label={expanded ? undefined : t('logout')}
          className={cn('w-full text-red-700 hover:bg-red-50', expanded ? 'justify-start' : 'px-0')}
        >
          <LogOut aria-hidden="true" className="size-5" />
          {expanded ? t('logout') : null}
        </Button>
      </Tooltip>
    </div>
  )
}

/** The frame of a signed-in area: collapsible sidebar, header with its title, the screen. */
export function AppShell({ sidebarTitle, heading, links, account, onLogout, children }: AppShellProps) {
  return (
    <SidebarProvider>
      <div className="flex min-h-dvh bg-slate-50">
        <Sidebar title={sidebarTitle}>
          <nav aria-label={sidebarTitle} className="flex flex-1 flex-col gap-1 p-2">
            {links.map((link) => (
              <SidebarLink key={link.to} {...link} />
            ))}
          </nav>
          <SidebarFooter account={account} onLogout={onLogout} />
        </Sidebar>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-[1000] flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-2 sm:px-4">
            <SidebarTrigger />
            <p className="truncate text-base font-bold text-slate-900">{heading}</p>
          </header>
          <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6">
            {children}
          </main>
        </div>
      </div>
    </SidebarProvider>
  )
}
