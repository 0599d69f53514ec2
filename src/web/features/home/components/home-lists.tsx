import { SmsInvitation } from '../../../components/layout/sms-invitation'
import type { Bbox } from '../api/get-map-reports'
import { MapReportList } from './map-report-list'
import { RecentReports } from './recent-reports'

// The same elements at every render: when the map's view changes, only the map's list changes.
const SMS_INVITATION = <SmsInvitation className="-mt-4 justify-center" />
const RECENT_REPORTS = <RecentReports />

/**
 * What follows the "Signaler" button, below the fold, as one part of the page: the SMS number
 * for those without a smartphone (when the channel is on), the newest reports, and the list of
 * what the map shows.
 */
export function HomeLists({ bbox }: { bbox: Bbox | null }) {
  return (
    <>
      {SMS_INVITATION}
      {RECENT_REPORTS}
      <MapReportList bbox={bbox} />
    </>
  )
}
