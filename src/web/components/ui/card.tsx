import { Slot } from '@radix-ui/react-slot'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/class-names'

export interface CardProps extends ComponentProps<'div'> {
  /** Gives the card's look to the child element (an `<article>`, a `<section>`). */
  asChild?: boolean
}

export function Card({ asChild = false, className, ...props }: CardProps) {
  const Component = asChild ? Slot : 'div'
  return (
    <Component
      className={cn('rounded-xl border border-slate-200 bg-white shadow-sm', className)}
      {...props}
    />
  )
}
