import type { ComponentProps } from 'react'
import { cn } from '../../lib/class-names'

// Text and background pairs keep a contrast ratio above 4.5:1 (WCAG AA).
const TONES = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  green: 'bg-green-100 text-green-800 ring-green-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  orange: 'bg-orange-100 text-orange-900 ring-orange-200',
} as const

export type BadgeTone = keyof typeof TONES

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone
}

export function Badge({ tone = 'grey', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...props}
    />
  )
}
