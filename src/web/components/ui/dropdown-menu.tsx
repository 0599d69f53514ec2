import * as RadixMenu from '@radix-ui/react-dropdown-menu'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/class-names'

export const DropdownMenu = RadixMenu.Root
export const DropdownMenuTrigger = RadixMenu.Trigger

export function DropdownMenuContent({
  className,
  align = 'end',
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        align={align}
        sideOffset={4}
        className={cn(
          'z-[1150] min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  )
}

export function DropdownMenuItem({
  className,
  tone = 'default',
  ...props
}: ComponentProps<typeof RadixMenu.Item> & { tone?: 'default' | 'danger' }) {
  return (
    <RadixMenu.Item
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 [&_svg]:size-4',
        tone === 'danger'
          ? 'text-red-700 data-[highlighted]:bg-red-50'
          : 'text-slate-800 data-[highlighted]:bg-slate-100',
        className,
      )}
      {...props}
    />
  )
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-slate-200" />
}
