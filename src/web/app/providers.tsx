import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { OUTBOX_CHANGED_EVENT } from '../lib/outbox/outbox-events'
import { createQueryClient } from '../lib/query-client'
import { onFirstToast } from '../lib/toast'

// Most visits show no toast: the toasts' area and its code (sonner) arrive with the first toast,
// which sonner shows once the area is there.
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })))

export interface AppProvidersProps {
  children: ReactNode
  /** Tests pass their own (without retries); the app makes one. */
  queryClient?: QueryClient
}

export function AppProviders({ children, queryClient: given }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  const [toastsShown, setToastsShown] = useState(false)
  useEffect(() => onFirstToast(() => setToastsShown(true)), [])
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
      {toastsShown && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </QueryClientProvider>
  )
}
