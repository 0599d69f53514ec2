import * as RadixTooltip from '@radix-ui/react-tooltip'
import type { ReactNode } from 'react'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../domain/constants'

/** Tooltips open after 700 ms, and at once for 300 ms after another closed (SPEC.md section 2). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  )
}

export function Tooltip({
  content,
  side = 'right',
  hidden = false,
  children,
}: {
  content: string
  side?: 'top' | 'right' | 'bottom' | 'left'
  /** When true, only the child is rendered (e.g. the label is already visible). */
  hidden?: boolean
  children: ReactNode
}) {
  if (hidden) return children
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          className="z-[1300] rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow"
        >
          {content}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  )
}
