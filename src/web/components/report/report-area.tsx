import { useTranslation } from 'react-i18next'
import type { AreaRef } from '../../../domain/area'
import { AREA_MESSAGES } from '../../../domain/area-rules'
import type { LocationPrecision, ReportChannel } from '../../../domain/report-filing-rules'
import '../layout/shell-texts'

/**
 * A report's commune as the back-office reads it beside its place (issue 30): "Commune : Médina",
 * or "Hors du département" for a point the server found outside Dakar's; for a report by SMS,
 * whose point is only its commune's centre (issue 31), "Position approximative (commune de
 * Médina)" and "Signalé par SMS". Citizens do not see it: only the organisation's and the admin's
 * screens import this, so its texts stay in "shell".
 */
export function ReportArea({
  area,
  report,
}: {
  area: AreaRef | null
  report?: { channel: ReportChannel; location_precision: LocationPrecision }
}) {
  const { t } = useTranslation('shell')
  if (!area) return <>{AREA_MESSAGES.outsideDepartment}</>
  const place =
    report?.location_precision === 'commune'
      ? t('approximateArea', { name: area.name })
      : t('area', { name: area.name })
  return report?.channel === 'sms' ? (
    <>
      {place}
      <span className="block">{t('bySms')}</span>
    </>
  ) : (
    place
  )
}
