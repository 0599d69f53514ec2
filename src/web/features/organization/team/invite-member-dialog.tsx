import UserPlus from 'lucide-react/icons/user-plus'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import {
  type InviteMemberInput,
  inviteMemberSchema,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
} from '../../../../domain/team'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  FormDialogContent,
} from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { ApiError } from '../../../lib/api-client'
import { showServerFieldError } from '../../../lib/server-field-error'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { type InvitedMember, useInviteMember } from '../api/team'
import { InvitationLinkPanel } from './invitation-link'
import type { WithPassword } from './password-confirmation'

const FORM_ID = 'invite-member'
const EMPTY: InviteMemberInput = { name: '', email: '', role: 'agent' }

/**
 * "Inviter un membre": name, e-mail and role, sent with the responsable's password; then the link to
 * hand to the person.
 */
export function InviteMemberDialog({ withPassword }: { withPassword: WithPassword }) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const [open, setOpen] = useState(false)
  const [invited, setInvited] = useState<InvitedMember | null>(null)
  const invite = useInviteMember()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteMemberInput>({ resolver: zodResolver(inviteMemberSchema), defaultValues: EMPTY })

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      reset(EMPTY)
      setInvited(null)
    }
  }

  const onSubmit = (input: InviteMemberInput) =>
    withPassword((currentPassword) => invite.mutateAsync({ ...input, currentPassword }))
      .then((answer) => answer && setInvited(answer))
      .catch((error: unknown) => {
        showServerFieldError(error, ['name', 'email'], setError)
        toast.error(tRoot('common.error'), {
          description: error instanceof ApiError ? error.message : t('team.inviteFailed'),
        })
      })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('team.invite')}
        </Button>
      </DialogTrigger>
      {invited ? (
        <DialogContent
          title={t('team.invite')}
          description={t('team.inviteDescription')}
          footer={
            <DialogClose asChild>
              <Button variant="outline">{t('team.done')}</Button>
            </DialogClose>
          }
        >
          <InvitationLinkPanel invited={invited} />
        </DialogContent>
      ) : (
        <FormDialogContent
          title={t('team.invite')}
          description={t('team.inviteDescription')}
          formId={FORM_ID}
          onSubmit={handleSubmit(onSubmit)}
          busy={invite.isPending}
          label={t('team.create')}
          busyLabel={t('team.creating')}
        >
          <Field label={t('team.name')} error={errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('name')}
                autoComplete="off"
                placeholder={t('team.namePlaceholder')}
              />
            )}
          </Field>
          <Field label={t('team.email')} error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                autoComplete="off"
                placeholder={t('team.emailPlaceholder')}
              />
            )}
          </Field>
          <Field label={t('team.role')}>
            {(control) => (
              <NativeSelect {...control} {...register('role')}>
                {MEMBER_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {MEMBER_ROLE_LABELS[role]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </FormDialogContent>
      )}
    </Dialog>
  )
}
