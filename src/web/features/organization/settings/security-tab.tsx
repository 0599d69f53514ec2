import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type PasswordChangeForm, passwordChangeFormSchema } from '../../../../domain/auth'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import { Field } from '../../../components/ui/field'
import { PasswordInput } from '../../../components/ui/password-input'
import { showServerFieldError } from '../../../lib/server-field-error'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { useChangePassword } from '../api/change-password'

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmation: '' }

/** Sécurité: the password change. The server checks the current password and ends the other sessions. */
export function SecurityTab() {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const change = useChangePassword()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordChangeForm>({ resolver: zodResolver(passwordChangeFormSchema), defaultValues: EMPTY })

  const onSubmit = ({ currentPassword, newPassword }: PasswordChangeForm) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY)
          toast.success(t('toasts.passwordChanged'))
        },
        onError: (error) => {
          showServerFieldError(error, ['currentPassword', 'newPassword'], setError)
          toast.error(tRoot('common.error'), { description: error.message })
        },
      },
    )

  return (
    <Card asChild className="flex flex-col gap-4 p-5">
      <section aria-labelledby="security-title">
        <div>
          <h2 id="security-title" className="text-lg font-semibold text-slate-900">
            {t('settings.securityTitle')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.securityText')}</p>
        </div>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex max-w-md flex-col gap-4">
          <EnabledOnceHydrated>
            <Field label={t('settings.currentPassword')} error={errors.currentPassword?.message}>
              {(control) => (
                <PasswordInput
                  {...control}
                  {...register('currentPassword')}
                  autoComplete="current-password"
                />
              )}
            </Field>
            <Field label={t('settings.newPassword')} error={errors.newPassword?.message}>
              {(control) => (
                <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />
              )}
            </Field>
            <Field label={t('settings.confirmation')} error={errors.confirmation?.message}>
              {(control) => (
                <PasswordInput {...control} {...register('confirmation')} autoComplete="new-password" />
              )}
            </Field>
            <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
              {change.isPending ? t('settings.changing') : t('settings.securityTitle')}
            </Button>
          </EnabledOnceHydrated>
        </form>
      </section>
    </Card>
  )
}
