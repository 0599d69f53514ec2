import { useQueryClient } from '@tanstack/react-query'
import Building2 from 'lucide-react/icons/building-2'
import CircleAlert from 'lucide-react/icons/circle-alert'
import UserPlus from 'lucide-react/icons/user-plus'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate } from 'react-router'
import { organizationLoginSchema } from '../../../../domain/auth'
import { TOURNEE_PATH } from '../../../../domain/team-rules'
import { SignInButton, SignInPage, SignInPasswordField } from '../../../components/layout/sign-in-page'
import { buttonClassName } from '../../../components/ui/button'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { useSessionStore } from '../../../lib/auth/session-store'
import { usePageMeta } from '../../../lib/page-meta'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { organizationKeys } from '../api/query-keys'
import '../i18n/fr'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import type { PageHandle } from '../../../lib/page-loader'

const credentialsSchema = organizationLoginSchema.omit({ userType: true })
type Credentials = { email: string; password: string }

function LoginForm() {
  const { t } = useTranslation('organization')
  const { t: tSignIn } = useTranslation('signIn')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: '', password: '' },
  })

  const onSubmit = async (credentials: Credentials) => {
    setFailure(null)
    const result = await useSessionStore.getState().login({ userType: 'organization', ...credentials })
    if (!result.ok) {
      // The server's text: wrong credentials or an account not approved, or too many attempts.
      // Said once, above the form, where it stays while the fields are corrected (no toast too).
      setFailure(result.message)
      return
    }
    // A previous organisation's data must not show for this one.
    queryClient.removeQueries({ queryKey: organizationKeys.all })
    toast.success(tSignIn('success'), {
      description: t('login.welcome', { name: result.session.user.name ?? '' }),
    })
    // An agent's work is in the field: their round first; a responsable's, the dashboard.
    const agent = result.session.user.member?.role === 'agent'
    navigate(agent ? TOURNEE_PATH : '/organization', { replace: true })
  }

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <EnabledOnceHydrated>
        {failure ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {failure}
          </p>
        ) : null}
        <Field label={t('profile.email')} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('profile.emailPlaceholder')}
            />
          )}
        </Field>
        <SignInPasswordField registration={register('password')} error={errors.password?.message} />
        <SignInButton busy={isSubmitting} />
      </EnabledOnceHydrated>
    </form>
  )
}

/** /organization/login: tabs Connexion (the form) and Inscription (the way to the wizard). */
export function OrganizationLoginPage() {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  usePageMeta({ title: t('meta.login'), description: t('meta.description') })
  const signedIn = useSessionStore((state) => state.isAuthenticated && state.userType === 'organization')
  if (signedIn) return <Navigate to="/organization" replace />

  return (
    <SignInPage icon={Building2} title={tRoot('nav.organizationSpace')} subtitle={t('login.subtitle')}>
      <Tabs defaultValue="login">
        <TabsList aria-label={t('login.tabs')}>
          <TabsTrigger value="login">{t('login.tabLogin')}</TabsTrigger>
          <TabsTrigger value="signup">{t('login.tabSignup')}</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm />
        </TabsContent>
        <TabsContent value="signup" className="flex flex-col gap-3 text-center">
          <h2 className="text-lg font-semibold text-slate-900">{t('login.signupTitle')}</h2>
          <p className="text-sm text-slate-600">{t('login.signupText')}</p>
          <Link to="/organization/signup" className={buttonClassName({ size: 'lg', className: 'w-full' })}>
            <UserPlus aria-hidden="true" className="size-5" />
            {t('login.signupButton')}
          </Link>
        </TabsContent>
      </Tabs>
    </SignInPage>
  )
}

export { OrganizationLoginPage as Component }

export const handle: PageHandle = { rendered: 'public' }
