import type { MouseEvent } from 'react'
import { TOURNEE_PATH } from '../../../../domain/team-rules'
import { toast } from '../../../lib/toast'

/**
 * "Nouveau signalement confié : Voirie", with a link to "Ma tournée". The toasts are rendered outside
 * the router: the link's click is handed over by the page that listens, which is inside it.
 */
export function showHandedOverToast(toastOf: {
  reportId: string | undefined
  title: string
  linkText: string
  openTournee: (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  toast.success(toastOf.title, {
    // Told twice (a hand-over repeated, two streams of one tab's lifetime): shown once.
    id: `handed-over-${toastOf.reportId}`,
    description: (
      <a href={TOURNEE_PATH} onClick={toastOf.openTournee} className="font-medium underline">
        {toastOf.linkText}
      </a>
    ),
  })
}
