import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrganizationReport } from '../../../../domain/organization-space'
import { CLAIM_MESSAGES } from '../../../../domain/organization-space-rules'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogActions, DialogContent, DialogTrigger } from '../../../components/ui/dialog'
import { ApiError } from '../../../lib/api-client'
import { useSessionStore } from '../../../lib/auth/session-store'
import { toast } from '../../../lib/toast'
import { useClaimReport } from '../api/claim-report'
import { ReportConfirmationSummary } from '../components/report-confirmation-summary'
import { useReportTakenElsewhere } from '../layout/use-organization-live-events'

/**
 * "Prendre en charge", confirmed in a dialog. A report someone else won shows the server's text;
 * one taken while the dialog is open closes it with the same words.
 */
export function ClaimReportDialog({ report }: { report: OrganizationReport }) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const [open, setOpen] = useState(false)
  const claim = useClaimReport()
  const organizationId = useSessionStore((state) => state.user?.id)
  const code = report.anonymous_code || tRoot('common.anonymous')
  // Another organisation took it while this one was reading the confirmation: say so at once,
  // as the server would (its 409 says the same when the claim arrives too late).
  useReportTakenElsewhere(report.id, organizationId, open && !claim.isPending, () => {
    setOpen(false)
    toast.error(CLAIM_MESSAGES.alreadyClaimed)
  })

  const confirm = () =>
    claim.mutate(report.id, {
      onSuccess: () => toast.success(CLAIM_MESSAGES.claimed),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) toast.error(error.message)
        else toast.error(tRoot('common.error'), { description: error.message })
      },
      onSettled: () => setOpen(false),
    })

  return (
    <Dialog open={open} onOpenChange={(next) => !claim.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button aria-label={t('available.claimLabel', { code })}>{t('available.claim')}</Button>
      </DialogTrigger>
      <DialogContent
        title={t('available.confirmTitle')}
        description={t('available.confirmText')}
        footer={
          <DialogActions
            onConfirm={confirm}
            busy={claim.isPending}
            label={t('available.claim')}
            busyLabel={t('available.claiming')}
          />
        }
      >
        <ReportConfirmationSummary report={report} code={code} />
      </DialogContent>
    </Dialog>
  )
}
