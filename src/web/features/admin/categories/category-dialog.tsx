import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type CategoryInput, categoryInputSchema } from '../../../../domain/admin'
import type { Category } from '../../../../domain/category'
import {
  CATEGORY_TRANSLATION_LANGUAGES,
  type CategoryTranslationLanguage,
} from '../../../../domain/category-rules'
import { Dialog, FormDialogContent } from '../../../components/ui/dialog'
import { Field } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { showServerFieldError } from '../../../lib/server-field-error'
import { toast } from '../../../lib/toast'
import { zodResolver } from '../../../lib/zod-form'
import { type CategoryNames, useCreateCategory, useRenameCategory } from '../api/category-mutations'

/** The label of each translation's field, in the order of CATEGORY_TRANSLATION_LANGUAGES. */
const TRANSLATION_FIELD_LABELS: Record<
  CategoryTranslationLanguage,
  'categories.englishField' | 'categories.wolofField'
> = {
  en: 'categories.englishField',
  wo: 'categories.wolofField',
}

const FORM_ID = 'category-form'

/** What the dialog is doing: creating a category, or renaming this one. */
export type CategoryDialogState = { mode: 'create' } | { mode: 'edit'; category: Category } | null

const EMPTY: CategoryNames = { nom: '', translations: { en: '', wo: '' } }

/**
 * The create and edit dialogs of the categories screen: "Nom de la catégorie", and its English and
 * Wolof names, optional (the citizens who chose those languages read the French name otherwise).
 */
export function CategoryDialog({ state, onClose }: { state: CategoryDialogState; onClose: () => void }) {
  const { t } = useTranslation('admin')
  const { t: tRoot } = useTranslation()
  const { t: tShell } = useTranslation('shell')
  const create = useCreateCategory()
  const rename = useRenameCategory()
  const editing = state?.mode === 'edit' ? state.category : null
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CategoryInput>({ resolver: zodResolver(categoryInputSchema), defaultValues: EMPTY })

  useEffect(
    () => reset(editing ? { nom: editing.nom, translations: { ...editing.translations } } : EMPTY),
    [editing, reset],
  )

  const pending = create.isPending || rename.isPending
  const onError = (failure: string) => (error: Error) => {
    showServerFieldError(error, ['nom'], setError)
    toast.error(tRoot('common.error'), { description: failure })
  }
  const onSubmit = ({ nom, translations }: CategoryInput) => {
    const sent: CategoryNames = {
      nom,
      translations: { en: translations?.en ?? '', wo: translations?.wo ?? '' },
    }
    if (editing) {
      rename.mutate(
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
        </FormDialogContent>
      ) : null}
    </Dialog>
  )
}
