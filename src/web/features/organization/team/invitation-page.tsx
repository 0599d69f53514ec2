import CircleCheck from 'lucide-react/icons/circle-check'
import UserPlus from 'lucide-react/icons/user-plus'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import {
  type Invitation,
  type InvitationForm,
  invitationFormSchema,
  TEAM_MESSAGES,
} from '../../../../domain/team'
import { SignInPage } from '../../../components/layout/sign-in-page'
import { Button, buttonClassName } from '../../../components/ui/button'
import { LoadError } from '../../../components/ui/load-error'
import { Skeleton } from '../../../components/ui/skeleton'
import { ApiError } from '../../../lib/api-client'
import { usePageMeta } from '../../../lib/page-meta'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { useAcceptInvitation, useInvitation } from '../api/team'
import { NewPasswordFields } from '../components/new-password-fields'
import '../i18n/fr'
import { ORGANIZATION_LOGIN } from '../layout/organization-paths'

function PasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('organization')
  const { t: tRoot } = useTranslation()
  const accept = useAcceptInvitation(token)
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<InvitationForm>({
    resolver: zodResolver(invitationFormSchema),
    defaultValues: { password: '', confirmation: '' },
  })
  const [password = '', confirmation = ''] = useWatch({ control, name: ['password', 'confirmation'] })

  const onSubmit = ({ password }: InvitationForm) =>
    accept.mutate(password, {
      onSuccess: onDone,
      onError: (error) => toast.error(error instanceof ApiError ? error.message : tRoot('common.error')),
    })

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <NewPasswordFields
        password={register('password')}
        confirmation={register('confirmation')}
        typed={{ password, confirmation }}
        errors={errors}
      />
      <Button type="submit" size="lg" disabled={accept.isPending} className="mt-2 w-full">
        {accept.isPending ? t('invitation.submitting') : t('invitation.submit')}
      </Button>
    </form>
  )
}

function Invited({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation('organization')
  const [done, setDone] = useState(false)
  if (done) {
    return (
      <SignInPage
        icon={CircleCheck}
        title={t('invitation.doneTitle')}
        subtitle={TEAM_MESSAGES.invitationAccepted}
      >
        <Link to={ORGANIZATION_LOGIN} className={buttonClassName({ size: 'lg', className: 'w-full' })}>
          {t('invitation.goToLogin')}
        </Link>
      </SignInPage>
    )
  }
  return (
    <SignInPage
      icon={UserPlus}
      title={t('invitation.title', { organization: invitation.organization_name })}
      subtitle={t('invitation.intro', { name: invitation.name, email: invitation.email })}
    >
      <PasswordForm token={token} onDone={() => setDone(true)} />
    </SignInPage>
  )
}

/**
 * /organization/invitation/:token: the page a new member opens from the link their responsable
 * sent. An unknown link (404), or one used or expired (410), says so in the server's words.
 */
export function InvitationPage() {
  const { t } = useTranslation('organization')
  usePageMeta({ title: t('meta.invitation'), description: t('meta.description') })
  const token = useParams().token ?? ''
  const invitation = useInvitation(token)
  if (invitation.data) return <Invited token={token} invitation={invitation.data} />
  return (
    <SignInPage icon={UserPlus} title={t('invitation.heading')} subtitle={t('invitation.headingText')}>
      {invitation.isError ? (
        <div className="flex flex-col gap-4">
          <LoadError
            title={t('invitation.loadFailed')}
            message={invitation.error instanceof ApiError ? invitation.error.message : undefined}
            onRetry={() => void invitation.refetch()}
          />
          <Link
            to={ORGANIZATION_LOGIN}
            className={buttonClassName({ variant: 'outline', className: 'w-full' })}
          >
            {t('invitation.goToLogin')}
          </Link>
        </div>
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </SignInPage>
  )
}

export { InvitationPage as Component }
