import ArrowLeft from 'lucide-react/icons/arrow-left'
import type { ComponentType, ReactNode, SVGProps } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import './shell-texts'
import { Link } from 'react-router'
import { Button } from '../ui/button'
import { Card } from '../ui/card'
import { Field } from '../ui/field'
import { PasswordInput } from '../ui/password-input'
import { Spinner } from '../ui/spinner'
import './sign-in-texts'

/** The frame of a login screen: a centred card with its icon, title and subtitle, and the way home. */
export function SignInPage({
  icon: Icon,
  title,
  subtitle,
  children,
}: {
  icon: ComponentType<SVGProps<SVGSVGElement>>
  title: string
  subtitle: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-10">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{subtitle}</p>
        </div>
        {children}
      </Card>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-medium text-green-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('common.backHome')}
      </Link>
    </main>
  )
}

/** "Se connecter", or "Connexion..." with a spinner and disabled while the server answers. */
export function SignInButton({ busy }: { busy: boolean }) {
  const { t } = useTranslation('signIn')
  return (
    <Button type="submit" size="lg" disabled={busy} className="mt-2 w-full">
      {busy ? <Spinner className="size-5 text-white" /> : null}
      {busy ? t('submitting') : t('submit')}
    </Button>
  )
}

/** The password of a login form, with its show/hide button. */
export function SignInPasswordField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn
  error?: string
}) {
  const { t: tShell } = useTranslation('shell')
  return (
    <Field label={tShell('password')} error={error}>
      {(control) => <PasswordInput {...control} {...registration} autoComplete="current-password" />}
    </Field>
  )
}
