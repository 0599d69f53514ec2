import ShieldCheck from 'lucide-react/icons/shield-check'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router'
import { adminLoginSchema } from '../../../../domain/auth'
import { AUTH_MESSAGES } from '../../../../domain/auth-rules'
import { API_ERRORS } from '../../../../domain/errors-rules'
import { SignInButton, SignInPage, SignInPasswordField } from '../../../components/layout/sign-in-page'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { useSessionStore } from '../../../lib/auth/session-store'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import '../i18n/fr'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import type { PageHandle } from '../../../lib/page-loader'

const credentialsSchema = adminLoginSchema.omit({ userType: true })
type Credentials = { username: string; password: string }

/** Refusals whose server text is the one to show: wrong credentials, too many attempts. */
const LOGIN_REFUSALS: readonly string[] = [
  AUTH_MESSAGES.adminWrongCredentials,
  AUTH_MESSAGES.tooManyAttempts,
  API_ERRORS.too_many_requests.message,
]

/** /admin/login: the super administrators' sign-in (SPEC.md section 2). */
export function AdminLoginPage() {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const { t: tSignIn } = useTranslation('signIn')
  useAdminPageMeta(t('meta.login'))
  const navigate = useNavigate()
  const login = useSessionStore((state) => state.login)
  // Someone already signed in as an administrator goes straight to the dashboard.
  const [alreadySignedIn] = useState(() => {
    const { isAuthenticated, userType } = useSessionStore.getState()
    return isAuthenticated && userType === 'admin'
  })
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { username: '', password: '' },
  })

  if (alreadySignedIn) return <Navigate to="/admin/dashboard" replace />

  const onSubmit = async (credentials: Credentials) => {
    const result = await login({ userType: 'admin', ...credentials })
    if (result.ok) {
      const { user } = result.session
      toast.success(tSignIn('success'), {
        description: t('login.successText', { name: user.name || user.username || credentials.username }),
      })
      navigate('/admin/dashboard', { replace: true })
    } else if (LOGIN_REFUSALS.includes(result.message)) {
      toast.error(tSignIn('failed'), { description: result.message })
    } else {
      toast.error(tRoot('common.error'), { description: t('login.errorText') })
    }
  }

  return (
    <SignInPage icon={ShieldCheck} title={t('login.title')} subtitle={t('login.subtitle')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <EnabledOnceHydrated>
          <Field label={t('fields.username')} error={errors.username?.message}>
            {(control) => (
              <Input {...control} {...register('username')} autoComplete="username" autoCapitalize="none" />
            )}
          </Field>
          <SignInPasswordField registration={register('password')} error={errors.password?.message} />
          <SignInButton busy={isSubmitting} />
        </EnabledOnceHydrated>
      </form>
    </SignInPage>
  )
}

export const Component = AdminLoginPage

export const handle: PageHandle = { rendered: 'public' }
