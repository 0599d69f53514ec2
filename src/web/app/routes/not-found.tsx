import { NotFoundView } from '../../components/layout/not-found-view'
import type { PageHandle } from '../../lib/page-loader'

/** Any path the route table does not know. */
export function NotFoundPage() {
  return <NotFoundView />
}

export { NotFoundPage as Component }

export const handle: PageHandle = { rendered: 'public' }
