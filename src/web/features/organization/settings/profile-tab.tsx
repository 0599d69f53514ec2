import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { loginIdentifierChanged } from '../../../../domain/auth-rules'
import { type OwnOrganization, type ProfileForm, profileFormSchema } from '../../../../domain/organization'
import {
  NAME_CHANGE_MESSAGES,
  organizationStatusLabel,
  organizationTypeLabel,
} from '../../../../domain/organization-rules'
import { MEMBER_ROLE_LABELS, TEAM_MESSAGES } from '../../../../domain/team-rules'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import { Field } from '../../../components/ui/field'
import { LoadError } from '../../../components/ui/load-error'
import { PasswordInput } from '../../../components/ui/password-input'
import { Skeleton } from '../../../components/ui/skeleton'
import { formatDateTime, formatLongDate } from '../../../lib/format-dates'
import { showServerFieldError } from '../../../lib/server-field-error'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'
import { CityField, ProfileTextField } from '../components/profile-fields'
import { ZoneCard } from './zone-card'

function SystemInformation({ profile }: { profile: OwnOrganization }) {
  const { t } = useTranslation('organization')
  const rows = [
    { label: t('report.status'), value: organizationStatusLabel(profile) },
    { label: t('report.type'), value: organizationTypeLabel(profile.type) },
    { label: t('settings.createdAt'), value: formatLongDate(profile.created_at) },
    {
      label: t('settings.lastLogin'),
      value: profile.last_login ? formatDateTime(profile.last_login) : t('settings.neverLoggedIn'),
    },
    {
      label: t('settings.you'),
      value: `${profile.member.name} (${MEMBER_ROLE_LABELS[profile.member.role]})`,
    },
  ]
  return (
    <Card asChild className="flex flex-col gap-3 p-5">
      <section aria-labelledby="system-title">
        <div>
          <h2 id="system-title" className="text-lg font-semibold text-slate-900">
            {t('settings.systemTitle')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.systemText')}</p>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-col gap-0.5">
              <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{row.label}</dt>
              <dd className="text-sm font-medium text-slate-900">{row.value}</dd>
            </div>
          ))}
          <div className="flex flex-col gap-1 sm:col-span-2">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {t('settings.categories')}
            </dt>
            <dd className="flex flex-wrap gap-1.5">
              {profile.categories.length === 0 ? (
                <span className="text-sm text-slate-700">{t('settings.noCategory')}</span>
              ) : (
                profile.categories.map((category) => (
                  <Badge key={category.id} tone="green">
                    {category.nom}
                  </Badge>
                ))
              )}
            </dd>
          </div>
        </dl>
      </section>
    </Card>
  )
}

const PROFILE_FIELDS = ['name', 'email', 'phone', 'address', 'city', 'currentPassword'] as const

const formOf = (profile: OwnOrganization): ProfileForm => ({
  // The name it asked for, while an administrator has not decided.
  name: profile.pending_name ?? profile.name,
  email: profile.email,
  phone: profile.phone,
  address: profile.address,
  city: profile.city,
  currentPassword: '',
})

function ProfileEditor({ profile }: { profile: OwnOrganization }) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const update = useUpdateProfile()
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<ProfileForm>({ resolver: zodResolver(profileFormSchema), defaultValues: formOf(profile) })
  // The e-mail is the organisation's login: a new one is confirmed with the current password
  // (issue 27), asked for here only then.
  const emailChanged = loginIdentifierChanged(profile.email, watch('email'))

  // A profile changed elsewhere (another tab, an administrator) shows here unless being edited.
  useEffect(() => {
    if (!isDirty) reset(formOf(profile))
  }, [profile, isDirty, reset])

  const onSubmit = ({ currentPassword, ...values }: ProfileForm) =>
    update.mutate(emailChanged ? { ...values, currentPassword } : values, {
      onSuccess: (saved) => {
        reset(formOf(saved))
        // An approved organisation's new name waits for an administrator: say so.
        const nameAsked = saved.pending_name !== null && saved.pending_name !== profile.pending_name
        toast.success(
          t('toasts.profileUpdated'),
          nameAsked ? { description: NAME_CHANGE_MESSAGES.requested } : undefined,
        )
      },
      onError: (error) => {
        showServerFieldError(error, PROFILE_FIELDS, setError)
        toast.error(tRoot('common.error'), { description: error.message })
      },
    })

  return (
    <Card asChild className="flex flex-col gap-4 p-5">
      <section aria-labelledby="profile-title">
        <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
          {t('settings.profileTitle')}
        </h2>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
          <EnabledOnceHydrated>
            <ProfileTextField
              name="name"
              registration={register('name')}
              error={errors.name?.message}
              hint={
                profile.pending_name ? t('settings.pendingNameHint', { current: profile.name }) : undefined
              }
              className="sm:col-span-2"
            />
            <ProfileTextField name="email" registration={register('email')} error={errors.email?.message} />
            {emailChanged ? (
              <Field
                label={t('settings.currentPassword')}
                hint={t('settings.emailPasswordHint')}
                error={errors.currentPassword?.message}
                className="sm:col-span-2"
              >
                {(control) => (
                  <PasswordInput
                    {...control}
                    {...register('currentPassword')}
                    autoComplete="current-password"
                  />
                )}
              </Field>
            ) : null}
            <ProfileTextField name="phone" registration={register('phone')} error={errors.phone?.message} />
            <ProfileTextField
              name="address"
              registration={register('address')}
              error={errors.address?.message}
            />
            <CityField registration={register('city')} error={errors.city?.message} current={profile.city} />
            <div className="sm:col-span-2">
              <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
                {update.isPending ? tShell('saving') : t('settings.save')}
              </Button>
            </div>
          </EnabledOnceHydrated>
        </form>
      </section>
    </Card>
  )
}

/** Profil: the read-only system information, the zone, then the fields a responsable may edit. */
export function ProfileTab() {
  const { t } = useTranslation('organization')
  const profile = useProfile()
  if (profile.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-40" />
        <Skeleton className="h-72" />
      </div>
    )
  }
  if (profile.isError) {
    return (
      <LoadError
        title={t('settings.loadFailed')}
        message={profile.error.message}
        onRetry={() => void profile.refetch()}
      />
    )
  }
  return (
    <div className="flex flex-col gap-4">
      <SystemInformation profile={profile.data} />
      <ZoneCard profile={profile.data} />
      {profile.data.member.role === 'responsable' ? (
        <ProfileEditor profile={profile.data} />
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {TEAM_MESSAGES.responsableOnly}
        </p>
      )}
    </div>
  )
}
