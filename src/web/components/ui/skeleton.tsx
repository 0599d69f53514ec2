import type { ComponentProps } from 'react'
import { cn } from '../../lib/class-names'

export interface SkeletonProps extends ComponentProps<'div'> {
  shape?: 'block' | 'pill'
}

/**
 * A grey placeholder block shown while content loads; hidden from assistive technology. Still:
 * a pulsing one makes the phone draw frames while it starts the page (see MapLoading).
 */
export function Skeleton({ shape = 'block', className, ...props }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={cn('bg-slate-200', shape === 'pill' ? 'rounded-full' : 'rounded-md', className)}
      {...props}
    />
  )
}

/** Keys for identical loading placeholders: they are never reordered, only replaced. */
export function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `placeholder-${index}`)
}
