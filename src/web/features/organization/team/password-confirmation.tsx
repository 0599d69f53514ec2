import { type ReactElement, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { TEAM_MESSAGES } from '../../../../domain/team-rules'
import { Dialog, FormDialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { PasswordInput } from '../../../components/ui/password-input'
import { ApiError } from '../../../lib/api-client'

/** An action that needs the responsable's password, sent with it. */
export type WithPassword = <T>(action: (currentPassword: string) => Promise<T>) => Promise<T | undefined>

interface Asked {
  action: (currentPassword: string) => Promise<unknown>
  resolve(result: unknown): void
  reject(error: unknown): void
  /** Why the password is asked again: the server refused the one given (`refusals` times). */
  error?: string
  refusals: number
}

/** The server refused the password itself (missing, wrong, too many tries), not the action. */
function isPasswordRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.field === 'currentPassword' ||
      error.reason === 'auth.tooManyAttempts' ||
      error.reason === 'auth.accountBusy')
  )
}

/**
 * The responsable's password, asked once in a dialog before the first action of the Équipe screen
 * that needs it (inviting, a new link, changing a responsable's rights: issue 47), then kept in
 * this screen's memory only, for its next actions, until the responsable leaves it; never stored.
 * A password the server refuses is forgotten and asked again, with the server's words. `run`
 * settles with the action's answer, its error (any refusal but the password's), or undefined when
 * the responsable closes the dialog.
 */
export function usePasswordConfirmation(): { run: WithPassword; dialog: ReactElement } {
  const known = useRef<string | null>(null)
  const [asked, setAsked] = useState<Asked | null>(null)

  const attempt = async (current: Asked, password: string) => {
    try {
      const result = await current.action(password)
      known.current = password
      setAsked(null)
      current.resolve(result)
    } catch (error) {
      if (isPasswordRefusal(error)) {
        known.current = null
        setAsked({ ...current, error: error.message, refusals: current.refusals + 1 })
        return
      }
      setAsked(null)
      current.reject(error)
    }
  }

  const run: WithPassword = (action) =>
    new Promise((resolve, reject) => {
      const current: Asked = {
        action,
        resolve: resolve as (result: unknown) => void,
        reject,
        refusals: 0,
      }
      if (known.current === null) setAsked(current)
      else void attempt(current, known.current)
    })

  const cancel = () => {
    asked?.resolve(undefined)
    setAsked(null)
  }

  const dialog = (
    <Dialog open={asked !== null} onOpenChange={(open) => (open ? undefined : cancel())}>
      {asked ? (
        <PasswordForm
          error={asked.error}
          refusals={asked.refusals}
          onSubmit={(password) => attempt(asked, password)}
        />
      ) : null}
    </Dialog>
  )
  return { run, dialog }
}

const FORM_ID = 'responsable-password'

function PasswordForm({
  error,
  refusals,
  onSubmit,
}: {
  error: string | undefined
  refusals: number
  onSubmit: (password: string) => Promise<void>
}) {
  const { t } = useTranslation('organization')
  const [busy, setBusy] = useState(false)
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm<{ password: string }>({ defaultValues: { password: '' } })

  // A refused password is typed again from an empty field.
  useEffect(() => {
    if (refusals === 0) return
    resetField('password')
    setFocus('password')
  }, [refusals, resetField, setFocus])

  const submit = handleSubmit(async ({ password }) => {
    setBusy(true)
    try {
      await onSubmit(password)
    } finally {
      setBusy(false)
    }
  })

  return (
    <FormDialogContent
      title={t('team.passwordTitle')}
      description={t('team.passwordDescription')}
      formId={FORM_ID}
      onSubmit={submit}
      busy={busy}
      label={t('team.passwordConfirm')}
      busyLabel={t('team.passwordChecking')}
    >
      <Field label={t('team.password')} error={errors.password?.message ?? error}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register('password', { required: TEAM_MESSAGES.currentPasswordRequired })}
            autoComplete="current-password"
          />
        )}
      </Field>
    </FormDialogContent>
  )
}
