import type { ComponentProps } from 'react'
import { cn } from '../../lib/class-names'

const VARIANTS = {
  primary: 'bg-green-700 text-white shadow-sm hover:bg-green-800 active:bg-green-900',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
  ghost: 'text-slate-800 hover:bg-slate-100',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
} as const

const SIZES = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-14 px-8 text-lg',
  icon: 'size-11',
} as const

export type ButtonVariant = keyof typeof VARIANTS
export type ButtonSize = keyof typeof SIZES

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
} = {}) {
  return cn(
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600 focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0',
    VARIANTS[variant],
    SIZES[size],
    className,
  )
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
}

/** A button. A link with a button's look takes `buttonClassName` (no Slot in the first download). */
export function Button({ variant, size, className, type, ...props }: ButtonProps) {
  return (
    <button type={type ?? 'button'} className={buttonClassName({ variant, size, className })} {...props} />
  )
}
