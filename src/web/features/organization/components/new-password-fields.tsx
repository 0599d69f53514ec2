import Check from 'lucide-react/icons/check'
import X from 'lucide-react/icons/x'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import '../../../components/layout/shell-texts'
import { AUTH_MESSAGES, passwordChecklist } from '../../../../domain/auth-rules'
import { PASSWORD_MIN_LENGTH } from '../../../../domain/constants'
import { Field } from '../../../components/ui/field'
import { PasswordInput } from '../../../components/ui/password-input'
import { cn } from '../../../lib/class-names'

/** The live requirements of a new password: at least 6 characters, a letter, a digit. */
function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation('organization')
  const checks = passwordChecklist(password)
  const items = [
    {
      key: 'minLength',
      met: checks.minLength,
      label: t('signup.checklist.minLength', { min: PASSWORD_MIN_LENGTH }),
    },
    { key: 'hasLetter', met: checks.hasLetter, label: t('signup.checklist.hasLetter') },
    { key: 'hasDigit', met: checks.hasDigit, label: t('signup.checklist.hasDigit') },
  ]
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p id="password-checklist-title" className="text-sm font-medium text-slate-800">
        {t('signup.checklistTitle')}
      </p>
      <ul aria-labelledby="password-checklist-title" className="mt-2 flex flex-col gap-1">
        {items.map((item) => (
          <li
            key={item.key}
            data-met={item.met}
            className={cn('flex items-center gap-2 text-sm', item.met ? 'text-green-800' : 'text-slate-600')}
          >
            {item.met ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <X aria-hidden="true" className="size-4" />
            )}
            {item.label}
            <span className="sr-only">({item.met ? t('signup.met') : t('signup.notMet')})</span>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** "Les mots de passe correspondent" or not, once a confirmation is typed; informative only. */
function PasswordMatch({ password, confirmation }: { password: string; confirmation: string }) {
  const match = password === confirmation
  // The live region stays in the page so that screen readers announce each change.
  return (
    <p
      aria-live="polite"
      className={cn(
        'flex min-h-5 items-center gap-2 text-sm font-medium',
        match ? 'text-green-800' : 'text-red-700',
      )}
    >
      {confirmation ? (
        <>
          {match ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <X aria-hidden="true" className="size-4" />
          )}
          {match ? AUTH_MESSAGES.passwordsMatch : AUTH_MESSAGES.passwordsDoNotMatch}
        </>
      ) : null}
    </p>
  )
}

interface NewPasswordFieldsProps {
  /** The form's `register('password')`. */
  password: UseFormRegisterReturn
  /** The form's `register('confirmation')`. */
  confirmation: UseFormRegisterReturn
  /**
   * What is typed so far, watched by the form (`useWatch`): the checklist and the match follow
   * each key. Passed in because react-hook-form's `control` cannot be shared between forms of
   * different values without casts.
   */
  typed: { password: string; confirmation: string }
  errors: Partial<Record<'password' | 'confirmation', { message?: string }>>
}

/**
 * A password chosen for the first time, typed twice, with its live checklist: the same in the
 * sign-up wizard's last step and on the page a new member opens from their invitation.
 */
export function NewPasswordFields({ password, confirmation, typed, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation('organization')
  const { t: tShell } = useTranslation('shell')
  return (
    <>
      <Field label={tShell('password')} error={errors.password?.message}>
        {(field) => <PasswordInput {...field} {...password} autoComplete="new-password" />}
      </Field>
      <PasswordChecklist password={typed.password} />
      <Field label={t('signup.confirmation')} error={errors.confirmation?.message}>
        {(field) => <PasswordInput {...field} {...confirmation} autoComplete="new-password" />}
      </Field>
      <PasswordMatch password={typed.password} confirmation={typed.confirmation} />
    </>
  )
}
