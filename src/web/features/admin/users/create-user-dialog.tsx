import UserPlus from 'lucide-react/icons/user-plus'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { createAdminUserSchema } from '../../../../domain/admin'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogTrigger, FormDialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { PasswordInput } from '../../../components/ui/password-input'
import { showServerFieldError } from '../../../lib/server-field-error'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { type CreateAdminUserInput, useCreateAdminUser } from '../api/create-admin-user'
import { AdminUserFields } from './admin-user-fields'

const FORM_ID = 'create-admin-user'
const EMPTY: CreateAdminUserInput = { name: '', email: '', username: '', password: '' }

/** "Créer un nouvel utilisateur": a new super administrator (the only type offered). */
export function CreateUserDialog() {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const [open, setOpen] = useState(false)
  const create = useCreateAdminUser()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateAdminUserInput>({ resolver: zodResolver(createAdminUserSchema), defaultValues: EMPTY })

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) reset(EMPTY)
  }

  const onSubmit = (input: CreateAdminUserInput) =>
    create.mutate(input, {
      onSuccess: () => {
        toast.success(t('users.created'))
        onOpenChange(false)
      },
      onError: (error) => {
        showServerFieldError(error, ['username', 'email'], setError)
        toast.error(tRoot('common.error'), { description: t('users.createFailed') })
      },
    })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" className="size-4" />
          {t('users.create')}
        </Button>
      </DialogTrigger>
      <FormDialogContent
        title={t('users.createTitle')}
        description={t('users.createDescription')}
        formId={FORM_ID}
        onSubmit={handleSubmit(onSubmit)}
        busy={create.isPending}
        label={t('actions.create')}
        busyLabel={t('users.creating')}
      >
        <Field label={t('users.userType')}>
          {(control) => (
            <NativeSelect {...control} defaultValue="superadmin">
              <option value="superadmin">{t('users.superadmin')}</option>
            </NativeSelect>
          )}
        </Field>
        <AdminUserFields register={register} errors={errors} />
        <Field label={tShell('password')} error={errors.password?.message}>
          {(control) => <PasswordInput {...control} {...register('password')} autoComplete="new-password" />}
        </Field>
      </FormDialogContent>
    </Dialog>
  )
}
