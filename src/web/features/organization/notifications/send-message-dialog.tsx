import Send from 'lucide-react/icons/send'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { MESSAGE_DIALOG_PREVIEW_CHARS } from '../../../../domain/constants'
import { type OrganizationReport, sendNotificationSchema } from '../../../../domain/organization-space'
import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TITLE_MAX,
  previewText,
} from '../../../../domain/organization-space-rules'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogTrigger, FormDialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { useSendNotification } from '../api/send-notification'

export type Message = { title: string; message: string }

/**
 * "Envoyer un message": a title and a message to the citizen who filed the report. "Ma tournée"
 * gives `queue`: the message waits on the phone and goes when it can.
 */
export function SendMessageDialog({
  report,
  queue,
}: {
  report: OrganizationReport
  queue?: (message: Message) => Promise<void>
}) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const [open, setOpen] = useState(false)
  const send = useSendNotification()
  const code = report.anonymous_code || tRoot('common.anonymous')
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Message>({
    resolver: zodResolver(sendNotificationSchema),
    defaultValues: { title: '', message: '' },
  })

  const onSubmit = async (values: Message) => {
    if (queue) {
      await queue(values)
      toast.success(t('tournee.queued'))
      reset()
      setOpen(false)
      return
    }
    send.mutate(
      { reportId: report.id, ...values },
      {
        onSuccess: () => {
          toast.success(NOTIFICATION_MESSAGES.sent)
          reset()
          setOpen(false)
        },
        onError: (error) => toast.error(tRoot('common.error'), { description: error.message }),
      },
    )
  }

  const formId = `send-message-${report.id}`
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (send.isPending) return
        setOpen(next)
        if (!next) reset()
      }}
    >
      <DialogTrigger asChild>
        <Button aria-label={t('notifications.sendLabel', { code })}>
          <Send aria-hidden="true" className="size-4" />
          {t('notifications.send')}
        </Button>
      </DialogTrigger>
      <FormDialogContent
        title={t('notifications.send')}
        description={t('notifications.sendDescription')}
        formId={formId}
        onSubmit={handleSubmit(onSubmit)}
        busy={send.isPending}
        label={t('notifications.sendButton')}
        busyLabel={t('notifications.sending')}
      >
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">
            {report.type} · <span className="font-mono">{code}</span>
          </p>
          <p className="mt-1 text-slate-700">
            {previewText(report.description, MESSAGE_DIALOG_PREVIEW_CHARS)}
          </p>
        </div>
        <Field label={t('notifications.messageTitle')} error={errors.title?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('title')}
              maxLength={NOTIFICATION_TITLE_MAX}
              placeholder={t('notifications.messageTitlePlaceholder')}
            />
          )}
        </Field>
        <Field label={t('notifications.message')} error={errors.message?.message}>
          {(control) => (
            <Textarea
              {...control}
              {...register('message')}
              rows={5}
              maxLength={NOTIFICATION_MESSAGE_MAX}
              placeholder={t('notifications.messagePlaceholder')}
            />
          )}
        </Field>
      </FormDialogContent>
    </Dialog>
  )
}
