import type { ComponentProps } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CITIES } from '../../../../domain/organization-rules'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'

const TEXT_INPUTS = {
  name: { autoComplete: 'organization' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  address: { autoComplete: 'street-address' },
} as const satisfies Record<string, ComponentProps<'input'>>

interface ProfileFieldProps {
  registration: UseFormRegisterReturn
  error?: string
  className?: string
}

/** A text detail of the organisation, typed alike in the sign-up wizard and in the settings. */
export function ProfileTextField({
  name,
  registration,
  error,
  hint,
  className,
}: ProfileFieldProps & { name: keyof typeof TEXT_INPUTS; hint?: string }) {
  const { t } = useTranslation('organization')
  return (
    <Field label={t(`profile.${name}`)} error={error} hint={hint} className={className}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          {...TEXT_INPUTS[name]}
          placeholder={t(`profile.${name}Placeholder`)}
        />
      )}
    </Field>
  )
}

/**
 * The city, from the list of SPEC.md section 3. A city stored otherwise stays in the list, so
 * that the settings show it as it is.
 */
export function CityField({ registration, error, current }: ProfileFieldProps & { current?: string }) {
  const { t } = useTranslation('organization')
  const cities: readonly string[] =
    current && !(CITIES as readonly string[]).includes(current) ? [current, ...CITIES] : CITIES
  return (
    <Field label={t('profile.city')} error={error}>
      {(control) => (
        <NativeSelect {...control} {...registration}>
          {current ? null : <option value="">{t('profile.cityPlaceholder')}</option>}
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
}
