import { useQuery } from '@tanstack/react-query'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { citizenNotificationsQueryOptions } from '../../../lib/citizen-notifications'
import { useRetryUnlessRefused } from './retry-policy'

/** The messages organisations sent about this device's reports, for the notifications screen. */
export function useCitizenNotifications() {
  const token = useCitizenDeviceStore((state) => state.citizenToken)
  const retry = useRetryUnlessRefused()
  return useQuery({ ...citizenNotificationsQueryOptions(token), retry })
}
