import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProviders } from '../app/providers'
import { createAppRoutes } from '../app/router'
import { currentSession } from '../lib/auth/session-store'
import { createQueryClient } from '../lib/query-client'

/** Renders the real route table at `path`, with a query client that does not retry. */
export function renderRoute(path = '/') {
  const queryClient = createQueryClient({ retry: false, gcTime: Number.POSITIVE_INFINITY })
  const routes = createAppRoutes({
    queryClient,
    session: currentSession,
    awaitData: false,
  })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, queryClient }
}
