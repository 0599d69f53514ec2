import type { ComponentProps, ReactNode } from 'react'
import { cn } from '../../lib/class-names'

/**
 * A data table in a card that scrolls sideways on a narrow screen; its caption is read by
 * screen readers only.
 */
export function Table({
  caption,
  className,
  children,
}: {
  caption: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className={cn('w-full text-sm', className)}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  )
}

/** A column of the header row: its title, and how it lines up ("text-right", "hidden sm:table-cell"). */
export type Column = string | { label: string; className?: string }

/** The header row, one title a column. */
export function TableHeader({ columns }: { columns: Column[] }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50">
      <tr>
        {columns.map((column) => {
          const { label, className } =
            typeof column === 'string' ? { label: column, className: undefined } : column
          return (
            <th
              key={label}
              scope="col"
              className={cn(
                'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase',
                className,
              )}
            >
              {label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody className="divide-y divide-slate-100" {...props} />
}

/** The first cell of a row, which names it. */
export function RowHeader({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="row"
      className={cn('px-4 py-3 text-left font-semibold text-slate-900', className)}
      {...props}
    />
  )
}

export function Cell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3', className)} {...props} />
}
