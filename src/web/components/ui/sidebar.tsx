import PanelLeft from 'lucide-react/icons/panel-left'
import {
  type ComponentType,
  createContext,
  type ReactNode,
  type SVGProps,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import '../layout/shell-texts'
import { NavLink } from 'react-router'
import { MOBILE_BREAKPOINT_PX, SIDEBAR_COOKIE_MAX_AGE_S } from '../../../domain/constants'
import { cn } from '../../lib/class-names'
import { isAppHydrated, useHydrated } from '../../lib/use-hydrated'
import { Button } from './button'
import { Sheet, SheetContent } from './sheet'
import { Tooltip, TooltipProvider } from './tooltip'

/** The sidebar remembers whether it was open, for 7 days (SPEC.md section 9). */
export const SIDEBAR_COOKIE = 'sidebar_state'

function readOpenCookie(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=(true|false)`))
  return match ? match[1] === 'true' : true
}

function writeOpenCookie(open: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many of the phones we serve, and the value is a fixed boolean
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax`
}

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`

/**
 * True under the 768 px breakpoint, following the window as it is resized. False on the server
 * and while the app hydrates its HTML: the desktop sidebar is rendered then, hidden by CSS on a
 * phone (see Sidebar), so that nothing moves when the phone's sheet takes its place. The phone's
 * answer comes in a transition: read through useSyncExternalStore, a value that differs from the
 * server's is rendered again at once, the whole frame in one task, before anything can be tapped.
 */
export function useIsMobile(): boolean {
  // A screen opened later in the app knows at once.
  const [isMobile, setIsMobile] = useState(() => isAppHydrated() && window.matchMedia(mobileQuery).matches)
  useEffect(() => {
    const list = window.matchMedia(mobileQuery)
    startTransition(() => setIsMobile(list.matches))
    const onChange = () => setIsMobile(list.matches)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }, [])
  return isMobile
}

interface SidebarState {
  /** Desktop: expanded (16rem) or an icon bar (3rem). */
  open: boolean
  /** Phone: the sheet is shown. */
  openMobile: boolean
  setOpenMobile: (open: boolean) => void
  isMobile: boolean
  toggle: () => void
}

const SidebarContext = createContext<SidebarState | null>(null)

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext)
  if (!state) throw new Error('useSidebar must be used inside SidebarProvider')
  return state
}

/** Holds the sidebar's state; Ctrl+B (Cmd+B on a Mac) toggles it. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile()
  // Expanded on the server and while the app hydrates its HTML; then as the cookie says.
  const hydrated = useHydrated()
  const [openChoice, setOpen] = useState(() => (typeof document === 'undefined' ? true : readOpenCookie()))
  const open = hydrated ? openChoice : true
  const [openMobile, setOpenMobile] = useState(false)

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value)
    else
      setOpen((value) => {
        writeOpenCookie(!value)
        return !value
      })
  }, [isMobile])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault()
        toggle()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggle])

  const state = useMemo(
    () => ({ open, openMobile, setOpenMobile, isMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  )
  return (
    <SidebarContext.Provider value={state}>
      <TooltipProvider>{children}</TooltipProvider>
    </SidebarContext.Provider>
  )
}

export function SidebarTrigger() {
  const { t } = useTranslation('shell')
  const { toggle, open, openMobile, isMobile } = useSidebar()
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('toggleSidebar')}
      aria-expanded={isMobile ? openMobile : open}
      onClick={toggle}
    >
      <PanelLeft aria-hidden="true" className="size-5" />
    </Button>
  )
}

/**
 * The side navigation: 16rem wide, or a 3rem icon bar when collapsed; under 768 px a sheet of
 * 18rem that slides in from the left.
 */
export function Sidebar({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('shell')
  const { open, openMobile, setOpenMobile, isMobile } = useSidebar()
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent title={title} description={title} closeLabel={t('closeSidebar')}>
          <div className="flex flex-1 flex-col overflow-y-auto">{children}</div>
        </SheetContent>
      </Sheet>
    )
  }
  return (
    <aside
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        // Hidden by CSS on a phone from the first paint: the app shows the sheet there instead.
        'group/sidebar sticky top-0 flex h-dvh shrink-0 flex-col max-md:hidden border-r border-slate-200 bg-white transition-[width] duration-200 motion-reduce:transition-none',
        open ? 'w-[16rem]' : 'w-[3rem]',
      )}
    >
      <div className="flex h-14 items-center border-b border-slate-200 px-3">
        <span className={cn('truncate text-sm font-bold text-green-800', !open && 'sr-only')}>{title}</span>
      </div>
      <div className="flex flex-1 flex-col overflow-x-hidden overflow-y-auto">{children}</div>
    </aside>
  )
}

export interface SidebarLinkProps {
  to: string
  label: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  /** Active only on this exact path (an area's index). */
  end?: boolean
}

export function SidebarLink({ to, label, icon: Icon, end }: SidebarLinkProps) {
  const { open, isMobile, setOpenMobile } = useSidebar()
  const collapsed = !open && !isMobile
  return (
    <Tooltip content={label} hidden={!collapsed}>
      <NavLink
        to={to}
        end={end}
        aria-label={collapsed ? label : undefined}
        onClick={() => setOpenMobile(false)}
        className={({ isActive }) =>
          cn(
            'flex h-10 items-center gap-3 rounded-lg text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600',
            collapsed ? 'justify-center px-0' : 'px-3',
            isActive
              ? 'bg-green-50 text-green-800'
              : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          )
        }
      >
        <Icon aria-hidden="true" className="size-5 shrink-0" />
        {collapsed ? null : <span className="truncate">{label}</span>}
      </NavLink>
    </Tooltip>
  )
}

/** Whether the sidebar shows its labels (expanded, or the phone sheet). */
export function useSidebarExpanded(): boolean {
  const { open, isMobile } = useSidebar()
  return open || isMobile
}
