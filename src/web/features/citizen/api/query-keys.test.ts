import { describe, expect, it } from 'vitest'
import { citizenNotificationsQueryOptions } from '../../../lib/citizen-notifications'
import { myReportsQueryOptions } from './get-my-reports'
import { nearbyReportsQueryOptions } from './get-nearby-reports'
import { citizenKeys } from './query-keys'
import { queuedReportsQueryOptions } from './queued-reports'
import { trackedReportQueryOptions } from './track-report'

const TOKEN = 'T'.repeat(43)

/** Whether invalidating `prefix` reaches the query of `key` (TanStack Query matches by prefix). */
const reaches = (prefix: readonly unknown[], key: readonly unknown[]) =>
  prefix.every((part, index) => part === key[index])

describe('citizenKeys', () => {
  it('is the key of the notifications query that lib shares with the header’s bell', () => {
    expect(citizenNotificationsQueryOptions(TOKEN).queryKey).toEqual(citizenKeys.notificationList(TOKEN))
  })

  it('puts this device’s reports and messages under the root a filing refreshes', () => {
    for (const key of [
      myReportsQueryOptions(TOKEN).queryKey,
      citizenNotificationsQueryOptions(TOKEN).queryKey,
    ])
      expect(reaches(citizenKeys.all, key)).toBe(true)
    expect(reaches(citizenKeys.notifications(), citizenKeys.notificationList(null))).toBe(true)
  })

  it('puts the nearby and tracked reports under the public reports, which a new report changes', () => {
    const nearby = nearbyReportsQueryOptions(
      { categoryId: 1, latitude: 14.69281, longitude: -17.44672 },
      null,
    )
    expect(nearby.queryKey).toEqual(['reports', 'nearby', 1, '14.6928', '-17.4467', null])
    expect(reaches(citizenKeys.publicReports(), nearby.queryKey)).toBe(true)
    expect(reaches(citizenKeys.publicReports(), trackedReportQueryOptions('7KQ2M9XD').queryKey)).toBe(true)
  })

  it('keeps the phone’s outbox apart from what the server holds', () => {
    const outbox = queuedReportsQueryOptions().queryKey
    expect(reaches(citizenKeys.all, outbox)).toBe(false)
    expect(reaches(citizenKeys.publicReports(), outbox)).toBe(false)
  })
})
