import { Children, type ReactNode, useId } from 'react'
import { cn } from '../../lib/class-names'
import { Card } from './card'

const FILTER_COLUMNS = { 1: '', 2: 'md:grid-cols-[2fr_1fr]', 3: 'md:grid-cols-[2fr_1fr_1fr]' } as const

/**
 * The search box and the filters above a list, in a card: one under the other on a phone, the
 * search wider than the filters beside it on a larger screen.
 */
export function FilterCard({ title, children }: { title?: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <Card asChild>
      <section aria-labelledby={title ? titleId : undefined} className="flex flex-col gap-4 p-4">
        {title ? (
          <h2 id={titleId} className="text-base font-bold text-slate-900">
            {title}
          </h2>
        ) : null}
        <div
          className={cn(
            'grid grid-cols-1 gap-4',
            // Counted without the filters a screen leaves out (null), e.g. on its map.
            FILTER_COLUMNS[Math.min(Children.toArray(children).length, 3) as 1 | 2 | 3],
          )}
        >
          {children}
        </div>
      </section>
    </Card>
  )
}
