import type { FieldError, UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'

type IdentityField = 'name' | 'email' | 'username'

/** Name, email and username of a super administrator, typed alike when creating and editing one. */
export function AdminUserFields({
  register,
  errors,
}: {
  register: (field: IdentityField) => UseFormRegisterReturn
  errors: Partial<Record<IdentityField, FieldError>>
}) {
  const { t } = useTranslation('admin')
  return (
    <>
      <Field label={t('users.fullName')} error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} autoComplete="off" />}
      </Field>
      <Field label={t('fields.email')} error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="off" />}
      </Field>
      <Field label={t('fields.username')} error={errors.username?.message}>
        {(control) => (
          <Input {...control} {...register('username')} autoComplete="off" autoCapitalize="none" />
        )}
      </Field>
    </>
  )
}
