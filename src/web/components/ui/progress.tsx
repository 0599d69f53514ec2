import { cn } from '../../lib/class-names'

/** A horizontal bar filled to `value` percent. */
export function Progress({
  value,
  label,
  className,
}: {
  value: number
  /** What the bar measures, for screen readers. */
  label: string
  className?: string
}) {
  const percent = Math.min(100, Math.max(0, Math.round(value)))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className="h-full rounded-full bg-green-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  )
}
