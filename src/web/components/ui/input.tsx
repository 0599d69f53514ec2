import type { ComponentProps } from 'react'
import { cn } from '../../lib/class-names'

export const controlClassName = cn(
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm sm:text-sm',
  'placeholder:text-slate-500 focus-visible:border-green-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600/40',
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-red-600',
)

/** A one-line text field; 16 px text on phones so that iOS does not zoom in. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClassName, 'h-11', className)} {...props} />
}
