import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type AdminCategory, type CategoryInput, categoryInputSchema } from '../../../../domain/admin'
import {
  CATEGORY_TRANSLATION_LANGUAGES,
  type CategoryTranslationLanguage,
  DEFAULT_CLAIM_TARGET_HOURS,
  DEFAULT_RESOLVE_TARGET_HOURS,
  TARGET_HOURS_MAX,
  TARGET_HOURS_MIN,
} from '../../../../domain/category-rules'
import { Dialog, FormDialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { showServerFieldError } from '../../../lib/server-field-error'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { type CategoryFields, useChangeCategory, useCreateCategory } from '../api/category-mutations'

/** The label of each translation's field, in the order of CATEGORY_TRANSLATION_LANGUAGES. */
const TRANSLATION_FIELD_LABELS: Record<
  CategoryTranslationLanguage,
  'categories.englishField' | 'categories.wolofField'
> = {
  en: 'categories.englishField',
  wo: 'categories.wolofField',
}

const FORM_ID = 'category-form'

/** What the dialog is doing: creating a category, or changing this one. */
export type CategoryDialogState = { mode: 'create' } | { mode: 'edit'; category: AdminCategory } | null

const EMPTY: CategoryFields = {
  nom: '',
  translations: { en: '', wo: '' },
  claim_target_hours: DEFAULT_CLAIM_TARGET_HOURS,
  resolve_target_hours: DEFAULT_RESOLVE_TARGET_HOURS,
}

/** The targets' fields, each with its label and hint (issue 30). */
const TARGET_FIELDS = [
  { name: 'claim_target_hours', label: 'categories.claimField', hint: 'categories.claimHint' },
  { name: 'resolve_target_hours', label: 'categories.resolveField', hint: 'categories.resolveHint' },
] as const

/**
 * The create and edit dialogs of the categories screen: "Nom de la catégorie", its English and
 * Wolof names, optional (the citizens who chose those languages read the French name otherwise),
 * and how many hours its reports may wait to be claimed and to be resolved.
 */
export function CategoryDialog({ state, onClose }: { state: CategoryDialogState; onClose: () => void }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const create = useCreateCategory()
  const change = useChangeCategory()
  const editing = state?.mode === 'edit' ? state.category : null
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CategoryInput>({ resolver: zodResolver(categoryInputSchema), defaultValues: EMPTY })

  useEffect(
    () =>
      reset(
        editing
          ? {
              nom: editing.nom,
              translations: { ...editing.translations },
              claim_target_hours: editing.claim_target_hours,
              resolve_target_hours: editing.resolve_target_hours,
            }
          : EMPTY,
      ),
    [editing, reset],
  )

  const pending = create.isPending || change.isPending
  const onError = (failure: string) => (error: Error) => {
    showServerFieldError(error, ['nom', 'claim_target_hours', 'resolve_target_hours'], setError)
    toast.error(tRoot('common.error'), { description: failure })
  }
  const onSubmit = ({ nom, translations, claim_target_hours, resolve_target_hours }: CategoryInput) => {
    const sent: CategoryFields = {
      nom,
      translations: { en: translations?.en ?? '', wo: translations?.wo ?? '' },
      claim_target_hours: claim_target_hours ?? DEFAULT_CLAIM_TARGET_HOURS,
      resolve_target_hours: resolve_target_hours ?? DEFAULT_RESOLVE_TARGET_HOURS,
    }
    if (editing) {
      change.mutate(
        { id: editing.id, ...sent },
        {
          onSuccess: () => {
            toast.success(t('categories.updated'))
            onClose()
          },
          onError: onError(t('categories.updateFailed')),
        },
      )
    } else {
      create.mutate(sent, {
        onSuccess: () => {
          toast.success(t('categories.created'))
          onClose()
        },
        onError: onError(t('categories.createFailed')),
      })
    }
  }

  return (
    <Dialog
      open={state !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose()
          reset(EMPTY)
        }
      }}
    >
      {state ? (
        <FormDialogContent
          title={editing ? t('categories.editTitle') : t('categories.createTitle')}
          description={t('categories.subtitle')}
          formId={FORM_ID}
          onSubmit={handleSubmit(onSubmit)}
          busy={pending}
          label={editing ? tShell('save') : t('actions.create')}
          busyLabel={tShell('saving')}
        >
          <Field label={t('categories.field')} error={errors.nom?.message}>
            {(control) => <Input {...control} {...register('nom')} autoComplete="off" />}
          </Field>
          {CATEGORY_TRANSLATION_LANGUAGES.map((language) => (
            <Field
              key={language}
              label={t(TRANSLATION_FIELD_LABELS[language])}
              hint={t('categories.translationHint')}
              error={errors.translations?.[language]?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  {...register(`translations.${language}`)}
                  lang={language}
                  autoComplete="off"
                />
              )}
            </Field>
          ))}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {TARGET_FIELDS.map(({ name, label, hint }) => (
              <Field key={name} label={t(label)} hint={t(hint)} error={errors[name]?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...register(name, { valueAsNumber: true })}
                    type="number"
                    inputMode="numeric"
                    min={TARGET_HOURS_MIN}
                    max={TARGET_HOURS_MAX}
                    step={1}
                  />
                )}
              </Field>
            ))}
          </div>
        </FormDialogContent>
      ) : null}
    </Dialog>
  )
}
