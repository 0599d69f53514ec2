import * as Dialog from '@radix-ui/react-dialog'
import X from 'lucide-react/icons/x'
import type { ReactNode } from 'react'
import { cn } from '../../lib/class-names'

export const Sheet = Dialog.Root
export const SheetTrigger = Dialog.Trigger
export const SheetClose = Dialog.Close

export interface SheetContentProps {
  title: string
  description: string
  closeLabel: string
  children: ReactNode
  className?: string
}

/** A panel sliding in from the left edge, modal (focus trapped, Escape closes). */
export function SheetContent({ title, description, closeLabel, children, className }: SheetContentProps) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="sheet-overlay fixed inset-0 z-[1100] bg-slate-900/50" />
      <Dialog.Content
        className={cn(
          'sheet-content fixed inset-y-0 left-0 z-[1100] flex w-[18rem] max-w-[85vw] flex-col bg-white shadow-xl md:w-[16rem]',
          'focus:outline-none',
          className,
        )}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Close
            aria-label={closeLabel}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <Dialog.Description className="sr-only">{description}</Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  )
}
