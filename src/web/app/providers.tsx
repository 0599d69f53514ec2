import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { OUTBOX_CHANGED_EVENT } from '../lib/outbox/outbox-events'
import { createQueryClient } from '../lib/query-client'
import { onFirstToast } from '../lib/toast-area'

export interface AppProvidersProps {
  children: ReactNode
  /** Tests pass their own (without retries); the app makes one. */
  queryClient?: QueryClient
}

export function AppProviders({ children, queryClient: given }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  // Most visits show no toast: the toasts' area and its code (sonner) arrive with the first toast
  // (lib/toast.ts), which sonner shows once the area is there.
  const [ToastArea, setToastArea] = useState<ComponentType | null>(null)
  useEffect(() => onFirstToast((area) => setToastArea(() => area)), [])
  // A report queued, sent or cancelled (possibly by the service worker): the lists that show it.
  useEffect(() => {
    const refresh = () => {
      for (const queryKey of [['outbox'], ['citizen'], ['reports']])
        void queryClient.invalidateQueries({ queryKey })
    }
    window.addEventListener(OUTBOX_CHANGED_EVENT, refresh)
    return () => window.removeEventListener(OUTBOX_CHANGED_EVENT, refresh)
  }, [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {ToastArea && <ToastArea />}
    </QueryClientProvider>
  )
}
