import { NotFoundView } from '../../components/layout/not-found-view'

/** Any path the route table does not know. */
export function NotFoundPage() {
  return <NotFoundView />
}

export { NotFoundPage as Component }
