import { useId } from 'react'

export interface RateBar {
  key: string
  label: string
  /** Whole percent, 0 to 100. */
  rate: number
  /** What the bar says in words: its figures and medians. */
  details: string
}

/**
 * Horizontal bars of resolution rates, one per row: the label and figures are text (readable
 * without JavaScript, at any screen width), the bar an SVG rendered by the server.
 */
export function RateBars({ title, bars }: { title: string; bars: readonly RateBar[] }) {
  const titleId = useId()
  return (
    <figure className="flex flex-col gap-3" aria-labelledby={titleId}>
      <figcaption id={titleId} className="text-sm font-medium text-slate-700">
        {title}
      </figcaption>
      <ul className="flex flex-col gap-3">
        {bars.map((bar) => (
          <li key={bar.key} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold text-slate-900">{bar.label}</span>
              <span className="text-sm text-slate-700">{bar.details}</span>
            </div>
            <svg
              role="img"
              aria-label={`${bar.label} – ${bar.details}`}
              viewBox="0 0 100 4"
              preserveAspectRatio="none"
              className="h-3 w-full overflow-hidden rounded-full"
            >
              <title>{`${bar.label} – ${bar.details}`}</title>
              <rect width="100" height="4" className="fill-slate-200" />
              <rect width={Math.max(0, Math.min(100, bar.rate))} height="4" className="fill-green-700" />
            </svg>
          </li>
        ))}
      </ul>
    </figure>
  )
}
