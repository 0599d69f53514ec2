import ChevronDown from 'lucide-react/icons/chevron-down'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/class-names'
import { controlClassName } from './input'

/**
 * A styled native `<select>`: the phone's own picker, accessible and light, rather than a
 * custom listbox.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select className={cn(controlClassName, 'h-11 appearance-none pr-9')} {...props}>
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  )
}
