import CircleCheck from 'lucide-react/icons/circle-check'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { SIGNUP_REDIRECT_DELAY_MS, SIGNUP_STEPS } from '../../../../domain/constants'
import { type OrganizationType, SIGNUP_MESSAGES } from '../../../../domain/organization-rules'
import { buttonClassName } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Progress } from '../../../components/ui/progress'
import { areaIdsOf } from '../../../components/zone/zone-picker'
import { usePageMeta } from '../../../lib/page-meta'
import { toast } from '../../../lib/toast'
import { useSignUp } from '../api/sign-up'
import '../../../components/layout/sign-in-texts'
import '../i18n/fr'
import { categoriesQueryOptions } from '../../../lib/categories'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'
import { ORGANIZATION_LOGIN } from '../layout/organization-paths'
import { STEP_OF_FIELD, signupFailure } from './signup-failure'
import {
  AccountStep,
  BasicsStep,
  CategoriesStep,
  EMPTY_DRAFT,
  LocationStep,
  type ServerErrors,
  type SignupDraft,
} from './signup-steps'

type Step = 1 | 2 | 3 | 4

const STEP_TITLES = {
  1: 'signup.steps.basics',
  2: 'signup.steps.location',
  3: 'signup.steps.categories',
  4: 'signup.steps.account',
} as const

/** "Inscription réussie !", then the login page after 3 seconds. */
function SignupDone() {
  const { t } = useTranslation('organization')
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate(ORGANIZATION_LOGIN, { replace: true }), SIGNUP_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <div role="status" className="flex flex-col items-center gap-3 text-center">
      <CircleCheck aria-hidden="true" className="size-14 text-green-700" />
      <h1 className="text-2xl font-bold text-slate-900">{SIGNUP_MESSAGES.success}</h1>
      <p className="text-slate-700">{t('signup.successText')}</p>
      <p className="text-sm text-slate-600">{t('signup.redirecting')}</p>
      <Link to={ORGANIZATION_LOGIN} replace className={buttonClassName({ size: 'lg', className: 'mt-2' })}>
        {t('signup.goToLogin')}
      </Link>
    </div>
  )
}

/** /organization/signup: the 4-step wizard of SPEC.md section 2. */
export function SignupPage() {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const { t: tSignIn } = useTranslation('signIn')
  usePageMeta({ title: t('meta.signup'), description: t('meta.description') })
  const [step, setStep] = useState<Step>(1)
  const [draft, setDraft] = useState<SignupDraft>(EMPTY_DRAFT)
  const [serverErrors, setServerErrors] = useState<ServerErrors>({})
  const [done, setDone] = useState(false)
  const signUp = useSignUp()

  // Each new step is announced: focus moves to its title (not on the first display).
  const titledStep = useRef<Step>(1)
  const focusStepTitle = useCallback(
    (heading: HTMLHeadingElement | null) => {
      if (!heading || titledStep.current === step) return
      titledStep.current = step
      heading.focus()
    },
    [step],
  )

  const goTo = (next: Step, values: Partial<SignupDraft>) => {
    setDraft((current) => ({ ...current, ...values }))
    setServerErrors({})
    setStep(next)
  }

  const submit = (account: { responsableName: string; password: string; confirmation: string }) => {
    const complete = { ...draft, ...account }
    setDraft(complete)
    signUp.mutate(
      {
        name: complete.name,
        type: complete.type as OrganizationType,
        email: complete.email,
        phone: complete.phone,
        address: complete.address,
        city: complete.city,
        categoryIds: complete.categoryIds,
        areaIds: areaIdsOf(complete.zone),
        password: complete.password,
        responsableName: complete.responsableName,
      },
      {
        onSuccess: () => {
          toast.success(SIGNUP_MESSAGES.success)
          setDone(true)
        },
        onError: (error) => {
          const failure = signupFailure(error)
          toast.error(failure.message)
          if (failure.field) {
            setServerErrors({ [failure.field]: failure.fieldMessage ?? failure.message })
            setStep(STEP_OF_FIELD[failure.field])
          }
        },
      },
    )
  }

  const stepProps = { draft, serverErrors }
  return (
    <main className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-8">
      <Card className="w-full max-w-2xl p-5 sm:p-8">
        {done ? (
          <SignupDone />
        ) : (
          <div className="flex flex-col gap-6">
            <div className="flex flex-col gap-1">
              <p className="text-sm font-semibold text-green-800">{tRoot('nav.organizationSpace')}</p>
              <h1 className="text-2xl font-bold text-slate-900">{tRoot('nav.organizationSignup')}</h1>
              <p className="text-sm text-slate-600">{t('signup.subtitle')}</p>
            </div>
            <div className="flex flex-col gap-2">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="font-semibold text-slate-800">
                  {t('signup.progress', { step, total: SIGNUP_STEPS })}
                </span>
                <span className="text-slate-600">{Math.round((step / SIGNUP_STEPS) * 100)} %</span>
              </div>
              <Progress
                value={(step / SIGNUP_STEPS) * 100}
                label={t('signup.progress', { step, total: SIGNUP_STEPS })}
              />
            </div>
            <section aria-labelledby="signup-step-title" className="flex flex-col gap-4">
              <h2
                id="signup-step-title"
                key={step}
                ref={focusStepTitle}
                tabIndex={-1}
                className="text-lg font-semibold text-slate-900 focus:outline-none"
              >
                {t(STEP_TITLES[step])}
              </h2>
              {step === 1 ? <BasicsStep {...stepProps} onNext={(values) => goTo(2, values)} /> : null}
              {step === 2 ? (
                <LocationStep
                  {...stepProps}
                  onNext={(values) => goTo(3, values)}
                  onBack={(values) => goTo(1, values)}
                />
              ) : null}
              {step === 3 ? (
                <CategoriesStep
                  {...stepProps}
                  onNext={(values) => goTo(4, values)}
                  onBack={(values) => goTo(2, values)}
                />
              ) : null}
              {step === 4 ? (
                <AccountStep
                  {...stepProps}
                  busy={signUp.isPending}
                  onNext={submit}
                  onBack={(values) => goTo(3, values)}
                />
              ) : null}
            </section>
          </div>
        )}
      </Card>
      {done ? null : (
        <p className="mt-6 text-sm text-slate-700">
          {t('signup.haveAccount')}{' '}
          <Link
            to={ORGANIZATION_LOGIN}
            className="inline-flex min-h-11 items-center font-semibold text-green-800 underline underline-offset-4"
          >
            {tSignIn('submit')}
          </Link>
        </p>
      )}
    </main>
  )
}

export { SignupPage as Component }

export const handle: PageHandle = { rendered: 'public' }
export const loader = pageLoader(() => [categoriesQueryOptions()])
