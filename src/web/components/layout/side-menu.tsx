import Menu from 'lucide-react/icons/menu'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../ui/button'

// The dialog code (Radix, focus trap, scroll lock) is fetched when the menu is first wanted.
const loadSheet = () => import('./side-menu-sheet')
const SideMenuSheet = lazy(loadSheet)

/** The button opening the citizen's main menu, which slides in from the left (SPEC.md section 2). */
export function SideMenu() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('nav.openMenu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <SideMenuSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
