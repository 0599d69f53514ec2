import Clock from 'lucide-react/icons/clock'
import { OVERDUE_KINDS, OVERDUE_LABEL, type OverdueKind } from '../../../domain/overdue'
import { Badge } from '../ui/badge'

/**
 * "En retard" on a report past its category's target (issue 30), its kind in its name and on
 * hover. Apart from report-badges.tsx, which the home page loads: only the organisation's and the
 * admin's screens import this, and the home page has no byte to spare.
 */
export function OverdueBadge({ overdue }: { overdue: OverdueKind | null }) {
  if (!overdue) return null
  const { label } = OVERDUE_KINDS[overdue]
  return (
    // An image of its kind: a screen reader says "Prise en charge en retard", not just "En retard".
    <Badge tone="red" role="img" aria-label={label} title={label} className="gap-1">
      <Clock aria-hidden="true" className="size-3" />
      {OVERDUE_LABEL}
    </Badge>
  )
}
