import { useTranslation } from 'react-i18next'
import type { AreaRef } from '../../../domain/area'
import { AREA_MESSAGES } from '../../../domain/area-rules'
import '../layout/shell-texts'

/**
 * A report's commune as the back-office reads it beside its place (issue 30): "Commune : Médina",
 * or "Hors du département" for a point the server found outside Dakar's. Citizens do not see it:
 * only the organisation's and the admin's screens import this, so its texts stay in "shell".
 */
export function ReportArea({ area }: { area: AreaRef | null }) {
  const { t } = useTranslation('shell')
  return <>{area ? t('area', { name: area.name }) : AREA_MESSAGES.outsideDepartment}</>
}
