import Check from 'lucide-react/icons/check'
import { type ReactNode, useEffect, useState } from 'react'
import {
  Controller,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useForm,
  useWatch,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import '../../../components/layout/shell-texts'
import { SIGNUP_STEPS } from '../../../../domain/constants'
import {
  signupAccountSchema,
  signupBasicsSchema,
  signupCategoriesSchema,
  signupLocationSchema,
} from '../../../../domain/organization'
import {
  ORGANIZATION_TYPE_VALUES,
  ORGANIZATION_TYPES,
  organizationTypeLabel,
} from '../../../../domain/organization-rules'
import { Button } from '../../../components/ui/button'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { LoadError } from '../../../components/ui/load-error'
import { NativeSelect } from '../../../components/ui/native-select'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import {
  isIncomplete,
  useZoneLabel,
  WHOLE_DEPARTMENT,
  type Zone,
  ZonePicker,
} from '../../../components/zone/zone-picker'
import { useCategories } from '../../../lib/categories'
import { cn } from '../../../lib/class-names'
import { zodResolver } from '../../../lib/zod-form'
import { NewPasswordFields } from '../components/new-password-fields'
import { CityField, ProfileTextField } from '../components/profile-fields'
import type { SignupField } from './signup-failure'

/** Everything the wizard collects; the password's confirmation is compared on screen only. */
export interface SignupDraft {
  name: string
  type: string
  email: string
  phone: string
  address: string
  city: string
  categoryIds: number[]
  /** The communes it covers, or the whole department (issue 30). */
  zone: Zone
  responsableName: string
  password: string
  confirmation: string
}

export const EMPTY_DRAFT: SignupDraft = {
  name: '',
  type: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  categoryIds: [],
  zone: WHOLE_DEPARTMENT,
  responsableName: '',
  password: '',
  confirmation: '',
}

export type ServerErrors = Partial<Record<SignupField, string>>

interface StepProps<T> {
  draft: SignupDraft
  serverErrors: ServerErrors
  /** The step's values once they pass its schema. */
  onNext: (values: T) => void
  /** The values as they are, kept for when the visitor comes back. */
  onBack?: (values: Partial<SignupDraft>) => void
}

/** Shows next to its field what the server refused, when the wizard comes back to this step. */
function useServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, errors: ServerErrors) {
  useEffect(() => {
    for (const [field, message] of Object.entries(errors)) {
      if (message) setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true })
    }
  }, [errors, setError])
}

function StepButtons({ step, onBack, busy = false }: { step: number; onBack?: () => void; busy?: boolean }) {
  const { t } = useTranslation('organization')
  const { t: tShell } = useTranslation('shell')
  const last = step === SIGNUP_STEPS
  return (
    <div className="mt-2 flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
      {onBack ? (
        <Button variant="outline" size="lg" onClick={onBack} disabled={busy}>
          {tShell('previous')}
        </Button>
      ) : (
        <span aria-hidden="true" />
      )}
      <Button type="submit" size="lg" disabled={busy}>
        {last ? (busy ? t('signup.submitting') : t('signup.submit')) : tShell('next')}
      </Button>
    </div>
  )
}

function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
      className="flex flex-col gap-4"
    >
      <EnabledOnceHydrated>{children}</EnabledOnceHydrated>
    </form>
  )
}

const basicsOf = ({ name, type, email, phone }: Partial<SignupDraft>) => ({
  name: name ?? '',
  type: type ?? '',
  email: email ?? '',
  phone: phone ?? '',
})

/** Step 1: name, type, email, phone. */
export function BasicsStep({ draft, serverErrors, onNext }: StepProps<ReturnType<typeof basicsOf>>) {
  const { t } = useTranslation('organization')
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signupBasicsSchema), defaultValues: basicsOf(draft) })
  useServerErrors(setError, serverErrors)
  return (
    <StepForm onSubmit={handleSubmit((values) => onNext(basicsOf(values)))}>
      <ProfileTextField name="name" registration={register('name')} error={errors.name?.message} />
      <Field label={t('profile.type')} error={errors.type?.message}>
        {(control) => (
          <NativeSelect {...control} {...register('type')}>
            <option value="">{t('profile.typePlaceholder')}</option>
            {ORGANIZATION_TYPE_VALUES.map((type) => (
              <option key={type} value={type}>
                {ORGANIZATION_TYPES[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <ProfileTextField name="email" registration={register('email')} error={errors.email?.message} />
      <ProfileTextField name="phone" registration={register('phone')} error={errors.phone?.message} />
      <StepButtons step={1} />
    </StepForm>
  )
}

const locationOf = ({ address, city }: Partial<SignupDraft>) => ({ address: address ?? '', city: city ?? '' })

/** Step 2: address and city. */
export function LocationStep({
  draft,
  serverErrors,
  onNext,
  onBack,
}: StepProps<ReturnType<typeof locationOf>>) {
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signupLocationSchema), defaultValues: locationOf(draft) })
  useServerErrors(setError, serverErrors)
  return (
    <StepForm onSubmit={handleSubmit((values) => onNext(locationOf(values)))}>
      <ProfileTextField name="address" registration={register('address')} error={errors.address?.message} />
      <CityField registration={register('city')} error={errors.city?.message} />
      <StepButtons step={2} onBack={() => onBack?.(getValues())} />
    </StepForm>
  )
}

/**
 * Step 3: the categories the organisation handles, as large tiles to tick, then its zone: the
 * whole department, or the communes it covers.
 */
export function CategoriesStep({
  draft,
  serverErrors,
  onNext,
  onBack,
}: StepProps<{ categoryIds: number[]; zone: Zone }>) {
  const { t } = useTranslation('organization')
  const categories = useCategories()
  const [zone, setZone] = useState(draft.zone)
  const [sent, setSent] = useState(false)
  // The server's refusal of a commune, until the zone changes.
  const [zoneRefused, setZoneRefused] = useState(serverErrors.areaIds)
  const {
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupCategoriesSchema),
    defaultValues: { categoryIds: draft.categoryIds },
  })
  useServerErrors(setError, serverErrors)
  const error = errors.categoryIds?.message ?? errors.categoryIds?.root?.message
  const submit = () => {
    setSent(true)
    void handleSubmit((values) => {
      if (!isIncomplete(zone)) onNext({ categoryIds: values.categoryIds, zone })
    })()
  }
  return (
    <StepForm onSubmit={submit}>
      <Controller
        control={control}
        name="categoryIds"
        render={({ field }) => (
          <fieldset
            aria-describedby={error ? 'categories-error' : 'categories-hint'}
            className="flex flex-col gap-3"
          >
            <legend className="text-sm font-medium text-slate-800">{t('signup.categoriesLegend')}</legend>
            <p id="categories-hint" className="text-sm text-slate-600">
              {t('signup.categoriesHint')}
            </p>
            {categories.isPending ? (
              <div className="grid gap-3 sm:grid-cols-2">
                {placeholderKeys(4).map((key) => (
                  <Skeleton key={key} className="h-16" />
                ))}
              </div>
            ) : categories.isError ? (
              <LoadError
                title={t('signup.categoriesLoadFailed')}
                message={categories.error.message}
                onRetry={() => void categories.refetch()}
              />
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                {categories.data.map((category) => {
                  const checked = field.value.includes(category.id)
                  return (
                    <label
                      key={category.id}
                      className={cn(
                        'flex min-h-16 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3 text-base font-semibold transition-colors',
                        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-600 has-[:focus-visible]:ring-offset-2',
                        checked
                          ? 'border-green-700 bg-green-50 text-green-900'
                          : 'border-slate-200 text-slate-800 hover:border-slate-400',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={checked}
                        onChange={() =>
                          field.onChange(
                            checked
                              ? field.value.filter((id) => id !== category.id)
                              : [...field.value, category.id],
                          )
                        }
                      />
                      <span
                        aria-hidden="true"
                        className={cn(
                          'flex size-6 shrink-0 items-center justify-center rounded-md border-2',
                          checked ? 'border-green-700 bg-green-700 text-white' : 'border-slate-400 bg-white',
                        )}
                      >
                        {checked ? <Check className="size-4" /> : null}
                      </span>
                      {category.nom}
                    </label>
                  )
                })}
              </div>
            )}
            <p className="text-sm text-slate-600" aria-live="polite">
              {t('signup.selectedCount', { total: field.value.length })}
            </p>
            {error ? (
              <p id="categories-error" role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <ZonePicker
        value={zone}
        onChange={(changed) => {
          setZone(changed)
          setZoneRefused(undefined)
        }}
        showMissing={sent}
        error={zoneRefused}
        hint={t('profile.zoneHint')}
      />
      <StepButtons step={3} onBack={() => onBack?.({ ...getValues(), zone })} />
    </StepForm>
  )
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="shrink-0 text-sm font-medium text-slate-600 sm:w-40">{label}</dt>
      <dd className="text-sm font-semibold break-words text-slate-900">{value}</dd>
    </div>
  )
}

/** Step 4: the summary, the password with its checklist, and its confirmation. */
export function AccountStep({
  draft,
  serverErrors,
  onNext,
  onBack,
  busy,
}: StepProps<{ responsableName: string; password: string; confirmation: string }> & { busy: boolean }) {
  const { t } = useTranslation('organization')
  const { t: tShell } = useTranslation('shell')
  const categories = useCategories()
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupAccountSchema),
    defaultValues: {
      responsableName: draft.responsableName,
      password: draft.password,
      confirmation: draft.confirmation,
    },
  })
  useServerErrors(setError, serverErrors)
  const [password = '', confirmation = ''] = useWatch({ control, name: ['password', 'confirmation'] })
  const zone = useZoneLabel(draft.zone)
  const categoryNames = (categories.data ?? [])
    .filter((category) => draft.categoryIds.includes(category.id))
    .map((category) => category.nom)
    .join(', ')

  return (
    <StepForm onSubmit={handleSubmit((values) => onNext(values))}>
      <section
        aria-labelledby="signup-summary"
        className="rounded-lg border border-slate-200 bg-slate-50 p-4"
      >
        <h3 id="signup-summary" className="mb-3 text-base font-semibold text-slate-900">
          {t('signup.summary')}
        </h3>
        <dl className="flex flex-col gap-2">
          <SummaryRow label={t('profile.name')} value={draft.name} />
          <SummaryRow label={t('profile.type')} value={organizationTypeLabel(draft.type)} />
          <SummaryRow label={t('profile.email')} value={draft.email} />
          <SummaryRow label={t('profile.phone')} value={draft.phone} />
          <SummaryRow label={t('profile.address')} value={`${draft.address}, ${draft.city}`} />
          <SummaryRow label={t('signup.categories')} value={categoryNames} />
          <SummaryRow label={tShell('zone.title')} value={zone} />
        </dl>
      </section>
      <Field
        label={t('signup.responsableName')}
        hint={t('signup.responsableNameHint')}
        error={errors.responsableName?.message}
      >
        {(field) => <Input {...field} {...register('responsableName')} autoComplete="name" />}
      </Field>
      <NewPasswordFields
        password={register('password')}
        confirmation={register('confirmation')}
        typed={{ password, confirmation }}
        errors={errors}
      />
      <StepButtons step={4} busy={busy} onBack={() => onBack?.(getValues())} />
    </StepForm>
  )
}
