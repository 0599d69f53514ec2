import '../../../lib/zod-form'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { ADMIN_MESSAGES, type AdminUser, updateAdminUserSchema } from '../../../../domain/admin'
import { loginIdentifierChanged } from '../../../../domain/auth-rules'
import { Dialog, FormDialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { PasswordInput } from '../../../components/ui/password-input'
import { ApiError } from '../../../lib/api-client'
import { useSessionStore } from '../../../lib/auth/session-store'
import { showServerFieldError } from '../../../lib/server-field-error'
import { toast } from '../../../lib/toast'
import { type AdminUserChanges, useUpdateAdminUser } from '../api/update-admin-user'
import { AdminUserFields } from './admin-user-fields'

const FORM_ID = 'edit-admin-user'

interface EditForm {
  name: string
  email: string
  username: string
  active: boolean
  /** Asked for when administrators change their own username, their login (issue 27). */
  currentPassword: string
}

const formOf = (user: AdminUser | null): EditForm => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  username: user?.username ?? '',
  active: user?.status === 'active',
  currentPassword: '',
})

/**
 * Only what was changed is sent; an empty name or email that was never set stays unset. The
 * current password goes with a new username of one's own (`ownLoginChanged`).
 */
function changesOf(user: AdminUser, form: EditForm, ownLoginChanged: boolean): AdminUserChanges {
  const changes: AdminUserChanges = {}
  if (form.name.trim() !== (user.name ?? '')) changes.name = form.name
  if (form.email.trim() !== (user.email ?? '')) changes.email = form.email
  if (form.username.trim() !== user.username) changes.username = form.username
  if (form.active !== (user.status === 'active')) changes.status = form.active ? 'active' : 'inactive'
  if (ownLoginChanged) changes.currentPassword = form.currentPassword
  return changes
}

/** "Modifier": name, email, username and whether the account is active. */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const update = useUpdateAdminUser()
  // Nobody deactivates their own account (the server refuses it too).
  const isSelf = useSessionStore((state) => state.user?.id) === user?.id
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<EditForm>({ defaultValues: formOf(user) })
  const ownLoginChanged = isSelf && loginIdentifierChanged(user?.username, watch('username'))

  useEffect(() => reset(formOf(user)), [user, reset])

  const onSubmit = (form: EditForm) => {
    if (!user) return
    const parsed = updateAdminUserSchema.safeParse(changesOf(user, form, ownLoginChanged))
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (field === 'name' || field === 'email' || field === 'username')
          setError(field, { message: issue.message })
      }
      return
    }
    if (Object.keys(parsed.data).length === 0) return onClose()
    update.mutate(
      { id: user.id, changes: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('users.updated'))
          onClose()
        },
        onError: (error) => {
          showServerFieldError(error, ['username', 'email', 'currentPassword'], setError)
          // The server's own words when it refuses (e.g. the last active super administrator).
          const description =
            error instanceof ApiError && error.status === 409 && !error.field
              ? error.message
              : t('users.updateFailed')
          toast.error(tRoot('common.error'), { description })
        },
      },
    )
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {user ? (
        <FormDialogContent
          title={t('users.editTitle')}
          description={t('users.editDescription')}
          formId={FORM_ID}
          onSubmit={handleSubmit(onSubmit)}
          busy={update.isPending}
          label={tShell('save')}
          busyLabel={tShell('saving')}
        >
          <AdminUserFields register={register} errors={errors} />
          {ownLoginChanged ? (
            <Field
              label={t('users.currentPassword')}
              hint={t('users.usernamePasswordHint')}
              error={errors.currentPassword?.message}
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
          <div className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3">
            <input
              id="edit-admin-user-active"
              type="checkbox"
              {...register('active')}
              disabled={isSelf}
              aria-describedby="edit-admin-user-active-hint"
              className="mt-0.5 size-5 shrink-0 accent-green-700 disabled:opacity-60"
            />
            <div className="flex flex-col gap-0.5">
              <label
                htmlFor="edit-admin-user-active"
                className="cursor-pointer text-sm font-medium text-slate-900"
              >
                {t('users.isActive')}
              </label>
              <p id="edit-admin-user-active-hint" className="text-xs text-slate-600">
                {isSelf ? ADMIN_MESSAGES.ownAccount : t('users.isActiveHint')}
              </p>
            </div>
          </div>
        </FormDialogContent>
      ) : null}
    </Dialog>
  )
}
