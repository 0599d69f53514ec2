import CircleCheck from 'lucide-react/icons/circle-check'
import Clock from 'lucide-react/icons/clock'
import TriangleAlert from 'lucide-react/icons/triangle-alert'

/** The icon of each status on the counters of the admin and organisation screens. */
export const REPORT_STATUS_ICONS = {
  'en-attente': TriangleAlert,
  'en-cours': Clock,
  resolu: CircleCheck,
} as const
