import { render } from '@testing-library/react'
import { createMemoryRouter, createStaticHandler, RouterProvider } from 'react-router'
import { AppProviders } from '../app/providers'
import { createAppRoutes } from '../app/router'
import { currentSession } from '../lib/auth/session-store'
import { createQueryClient } from '../lib/query-client'

/**
 * Renders the real route table at `path`, with a query client that does not retry (unless
 * `queryDefaults` says otherwise).
 */
export function renderRoute(path = '/', queryDefaults: Parameters<typeof createQueryClient>[0] = {}) {
  const queryClient = createQueryClient({ retry: false, gcTime: Number.POSITIVE_INFINITY, ...queryDefaults })
  const routes = createAppRoutes({ queryClient, session: currentSession, awaitData: false })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, queryClient }
}

/**
 * The status the server renders `path` with (entry-server.tsx): the real route table, its
 * loaders waiting for their data as they do on the server.
 */
export async function serverRenderedStatusOf(path: string): Promise<number> {
  const queryClient = createQueryClient({ retry: false })
  const handler = createStaticHandler(
    createAppRoutes({ queryClient, session: currentSession, awaitData: true }),
  )
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} redirects to ${context.headers.get('location')}`)
  return context.statusCode
}
