import Copy from 'lucide-react/icons/copy'
import KeyRound from 'lucide-react/icons/key-round'
import Plus from 'lucide-react/icons/plus'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiKey, CreatedApiKey } from '../../../../domain/api-keys'
import { API_KEY_MESSAGES, API_KEY_NAME_MAX_LENGTH } from '../../../../domain/api-keys-rules'
import { PageHeader } from '../../../components/layout/page-header'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Dialog, DialogActions, DialogContent, FormDialogContent } from '../../../components/ui/dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { placeholderKeys, Skeleton } from '../../../components/ui/skeleton'
import { formatDateTime, formatLongDate } from '../../../lib/format-dates'
import { toast } from '../../../lib/toast'
import { apiKeysQueryOptions, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys'
import { useAdminPageMeta } from '../components/use-admin-page-meta'
import { useLoadErrorToast } from '../components/use-load-error-toast'
import '../i18n/fr'
import { type PageHandle, pageLoader } from '../../../lib/page-loader'

const FORM_ID = 'api-key-form'

/** "Créer une clé": a name, then the key shown once, to copy. */
function CreateKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const create = useCreateApiKey()
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  const keyId = useId()

  const close = (next: boolean) => {
    if (next) return onOpenChange(true)
    onOpenChange(false)
    setName('')
    setError(undefined)
    setCreated(null)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setError(API_KEY_MESSAGES.nameRequired)
      return
    }
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setCreated(key)
        toast.success(t('apiKeys.created'))
      },
      onError: (failure) =>
        toast.error(tRoot('common.error'), { description: failure.message || t('apiKeys.createFailed') }),
    })
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created?.key ?? '')
      toast.success(t('apiKeys.copied'))
    } catch {
      toast.error(t('apiKeys.copyFailed'))
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      {created ? (
        <DialogContent
          title={t('apiKeys.shownOnceTitle')}
          description={t('apiKeys.shownOnceText')}
          footer={<Button onClick={() => close(false)}>{t('apiKeys.done')}</Button>}
        >
          <div className="flex flex-col gap-3">
            <label htmlFor={keyId} className="text-sm font-semibold text-slate-900">
              {t('apiKeys.keyLabel')} — {created.name}
            </label>
            <Input
              id={keyId}
              readOnly
              value={created.key}
              className="font-mono"
              onFocus={(e) => e.target.select()}
            />
            <Button variant="outline" className="self-start" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {t('apiKeys.copy')}
            </Button>
          </div>
        </DialogContent>
      ) : (
        <FormDialogContent
          title={t('apiKeys.createTitle')}
          description={t('apiKeys.createDescription')}
          formId={FORM_ID}
          onSubmit={submit}
          label={t('apiKeys.create')}
          busyLabel={t('apiKeys.creating')}
          busy={create.isPending}
        >
          <Field label={t('apiKeys.name')} error={error}>
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={API_KEY_NAME_MAX_LENGTH}
                placeholder={t('apiKeys.namePlaceholder')}
                onChange={(event) => {
                  setName(event.target.value)
                  setError(undefined)
                }}
              />
            )}
          </Field>
        </FormDialogContent>
      )}
    </Dialog>
  )
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const revoke = useRevokeApiKey()
  const [confirming, setConfirming] = useState(false)
  const revoked = apiKey.revoked_at !== null
  return (
    <Card asChild>
      <li className="flex flex-wrap items-center justify-between gap-3 p-4">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-slate-900">{apiKey.name}</h2>
            <Badge tone={revoked ? 'grey' : 'green'}>
              {revoked
                ? t('apiKeys.revokedOn', { date: formatLongDate(apiKey.revoked_at ?? '') })
                : t('apiKeys.active')}
            </Badge>
          </div>
          <p className="text-sm text-slate-600">
            {t('apiKeys.createdOn', {
              date: formatLongDate(apiKey.created_at),
              by: apiKey.created_by ?? '—',
            })}
          </p>
          <p className="text-sm text-slate-600">
            {apiKey.last_used_at
              ? t('apiKeys.lastUsed', { date: formatDateTime(apiKey.last_used_at) })
              : t('apiKeys.neverUsed')}
          </p>
        </div>
        {revoked ? null : (
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <Button
              variant="danger"
              onClick={() => setConfirming(true)}
              aria-label={t('apiKeys.revokeLabel', { name: apiKey.name })}
            >
              {t('apiKeys.revoke')}
            </Button>
            <DialogContent
              title={t('apiKeys.revokeTitle')}
              description={t('apiKeys.revokeText', { name: apiKey.name })}
              footer={
                <DialogActions
                  label={t('apiKeys.revoke')}
                  busyLabel={t('apiKeys.revoking')}
                  busy={revoke.isPending}
                  onConfirm={() =>
                    revoke.mutate(apiKey.id, {
                      onSuccess: () => {
                        setConfirming(false)
                        toast.success(t('apiKeys.revoked'))
                      },
                      onError: () =>
                        toast.error(tRoot('common.error'), { description: t('apiKeys.revokeFailed') }),
                    })
                  }
                />
              }
            />
          </Dialog>
        )}
      </li>
    </Card>
  )
}

/** /admin/api-keys: the keys of the Open311 endpoint, created (shown once) and revoked. */
export function AdminApiKeysPage() {
  const { t } = useTranslation('admin')
  useAdminPageMeta(t('meta.apiKeys'))
  const keys = useApiKeys()
  useLoadErrorToast(keys.isError, keys.errorUpdatedAt, t('apiKeys.loadFailed'))
  const [creating, setCreating] = useState(false)
  const items = keys.data?.items ?? []

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('apiKeys.title')} subtitle={t('apiKeys.subtitle')}>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" />
          {t('apiKeys.create')}
        </Button>
      </PageHeader>
      <section aria-label={t('apiKeys.list')} aria-busy={keys.isFetching}>
        {keys.isPending ? (
          <div className="flex flex-col gap-3">
            {placeholderKeys(2).map((key) => (
              <Skeleton key={key} className="h-24 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <EmptyState icon={KeyRound} title={t('apiKeys.emptyTitle')} text={t('apiKeys.emptyText')} />
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((apiKey) => (
              <ApiKeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
      </section>
      <CreateKeyDialog open={creating} onOpenChange={setCreating} />
    </div>
  )
}

export const Component = AdminApiKeysPage

export const handle: PageHandle = { rendered: 'session' }
export const loader = pageLoader(() => [apiKeysQueryOptions()], 'admin')
