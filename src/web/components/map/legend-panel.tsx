import './report-groups.css'
import ChevronDown from 'lucide-react/icons/chevron-down'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { REPORT_STATUSES } from '../../../domain/report-states'
import '../../i18n/deferred/fr'

/** The statuses the maps show, in the order of a report's life, each with its marker's colour. */
const LEGEND_STATUSES = ['en-attente', 'en-cours', 'resolu'] as const

/** Below this width the open legend would hide a good part of the map: it starts folded. */
const LEGEND_OPEN_AT_FIRST = '(min-width: 640px)'

/** Whether a map's legend starts open: on a wide screen, not on a phone. */
export function legendOpenAtFirst(): boolean {
  return window.matchMedia?.(LEGEND_OPEN_AT_FIRST).matches ?? true
}

/**
 * What the colours mean: each status's, and the visitor's own position where the map shows it,
 * under a "Légende" button that folds it. Placed by its map (map-legend.tsx on Leaflet's maps).
 */
export function LegendPanel({
  open,
  onToggle,
  showsPosition = false,
}: {
  open: boolean
  onToggle: () => void
  showsPosition?: boolean
}) {
  const { t } = useTranslation()
  const { t: tDeferred } = useTranslation('deferred')
  const listId = useId()
  return (
    <div className="flex flex-col items-end gap-1 text-xs font-medium text-slate-800">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={onToggle}
        className="inline-flex h-7 items-center gap-1 rounded-lg bg-white/95 px-2.5 font-semibold shadow focus-visible:outline-2 focus-visible:outline-green-700"
      >
        {tDeferred('map.legendToggle')}
        <ChevronDown aria-hidden="true" className={`size-4 ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? (
        <ul
          id={listId}
          aria-label={tDeferred('map.legend')}
          className="flex flex-col gap-1 rounded-lg bg-white/95 px-2.5 py-2 shadow"
        >
          {LEGEND_STATUSES.map((status) => (
            <li key={status} className="flex items-center gap-1.5">
              {/* The markers' own elements: the legend cannot drift from their colours. */}
              <span
                aria-hidden="true"
                className={`report-marker report-marker--${REPORT_STATUSES[status].tone} relative inline-block size-4`}
              >
                <span className="report-marker-dot !inset-0 !border-2" />
              </span>
              {t(`reportStatus.${status}`)}
            </li>
          ))}
          {showsPosition ? (
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="user-position-marker relative inline-block size-4">
                <span className="user-position-dot !border-2" />
              </span>
              {t('map.yourPosition')}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}
