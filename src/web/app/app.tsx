import type { QueryClient } from '@tanstack/react-query'
import { RouterProvider } from 'react-router'
import { AppProviders } from './providers'
import type { createAppRouter } from './router'

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient
  router: ReturnType<typeof createAppRouter>
}) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
