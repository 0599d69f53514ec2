import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type RejectionForm, rejectionFormSchema } from '../../../../domain/admin'
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from '../../../../domain/admin-rules'
import { Dialog, FormDialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { zodResolver } from '../../../lib/zod-form'

const REJECT_FORM_ID = 'reject-report'

/**
 * "Rejeter": the reason the citizen will read, asked in a confirmation, with its limits and a
 * counter; nothing is sent while it is too short.
 */
export function RejectDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean
  busy: boolean
  onCancel: () => void
  onConfirm: (reason: string) => void
}) {
  const { t } = useTranslation('admin')
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<RejectionForm>({
    resolver: zodResolver(rejectionFormSchema),
    defaultValues: { reason: '' },
  })
  const length = watch('reason').trim().length
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || busy) return
        reset()
        onCancel()
      }}
    >
      <FormDialogContent
        title={t('detail.rejectTitle')}
        description={t('detail.rejectText')}
        formId={REJECT_FORM_ID}
        onSubmit={handleSubmit(({ reason }) => onConfirm(reason))}
        busy={busy}
        label={t('detail.reject')}
        busyLabel={t('detail.rejecting')}
      >
        <div>
          <Field
            label={t('detail.reasonLabel')}
            error={errors.reason?.message}
            hint={t('detail.reasonHint', { min: REJECTION_REASON_MIN, max: REJECTION_REASON_MAX })}
          >
            {(control) => (
              <Textarea {...control} {...register('reason')} maxLength={REJECTION_REASON_MAX} rows={5} />
            )}
          </Field>
          <p className="mt-1 text-right text-xs text-slate-600" aria-live="polite">
            {t('detail.reasonCounter', { total: length, max: REJECTION_REASON_MAX })}
          </p>
        </div>
      </FormDialogContent>
    </Dialog>
  )
}
