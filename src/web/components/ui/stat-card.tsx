import type { ComponentType, ReactNode, SVGProps } from 'react'
import { cn } from '../../lib/class-names'
import { Card } from './card'
import { Skeleton } from './skeleton'

const TONES = {
  red: 'bg-red-50 text-red-700',
  yellow: 'bg-yellow-50 text-yellow-800',
  green: 'bg-green-50 text-green-700',
  blue: 'bg-blue-50 text-blue-700',
  grey: 'bg-slate-100 text-slate-700',
  orange: 'bg-orange-50 text-orange-800',
} as const

/**
 * A count with its label ("En attente 3") and an optional hint under it. The icon is left out on
 * the narrowest phones, where two cards share a row.
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  tone = 'grey',
}: {
  label: string
  /** Undefined while loading. */
  value: number | string | undefined
  hint?: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  tone?: keyof typeof TONES
}) {
  return (
    <Card asChild>
      <section aria-label={label} className="flex items-start justify-between gap-3 p-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          {value === undefined ? (
            <Skeleton data-testid="stat-skeleton" className="h-8 w-16" />
          ) : (
            <p className="text-2xl font-bold text-slate-900">{value}</p>
          )}
          {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
        </div>
        <span
          className={cn(
            'hidden size-10 shrink-0 items-center justify-center rounded-lg min-[420px]:flex',
            TONES[tone],
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </section>
    </Card>
  )
}

// Five counters need a wide screen: three a row until then.
const WIDE_COLUMNS = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-3 xl:grid-cols-5' } as const

/** Counters side by side: two a row on a phone, three to five on a wide screen. */
export function StatGrid({
  label,
  busy,
  columns = 4,
  children,
}: {
  /** Names the group for screen readers. */
  label?: string
  busy?: boolean
  columns?: 3 | 4 | 5
  children: ReactNode
}) {
  return (
    <section
      aria-label={label}
      aria-busy={busy}
      className={cn('grid grid-cols-2 gap-3 sm:gap-4', WIDE_COLUMNS[columns])}
    >
      {children}
    </section>
  )
}
