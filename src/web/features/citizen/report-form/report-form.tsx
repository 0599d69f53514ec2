import { useQueryClient } from '@tanstack/react-query'
import Send from 'lucide-react/icons/send'
import { type FormEvent, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreatedReport } from '../../../../domain/report-filing'
import { DESCRIPTION_MAX_LENGTH } from '../../../../domain/report-filing-rules'
import { Button } from '../../../components/ui/button'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import { Field } from '../../../components/ui/field'
import { Progress } from '../../../components/ui/progress'
import { Textarea } from '../../../components/ui/textarea'
import { useReasonText } from '../../../i18n/reason-text'
import { useCategories } from '../../../lib/categories'
import { formatFileSize } from '../../../lib/format-numbers'
import { toast } from '../../../lib/toast'
import { browserFilingDeps, fileReport } from '../api/file-report'
import { citizenKeys } from '../api/query-keys'
import { CategoryPicker } from './category-picker'
import { NearbyReports } from './nearby-reports'
import { PhotoPicker } from './photo-picker'
import { PlacePicker } from './place-picker'
import { draftErrors, firstErrorField, reportFiling } from './report-draft'
import { rememberPlace, useReportDraft } from './use-report-draft'
import { VoiceNoteRecorder } from './voice-note-recorder'

/** How a report left the form: filed, kept on the phone until the network returns, or supported instead. */
export type FormOutcome =
  | { kind: 'created'; report: CreatedReport }
  | { kind: 'queued' }
  | { kind: 'supported'; supporters: number }

/** Where the focus goes for each field the form checks itself. */
const FIELD_SELECTORS = {
  categoryId: 'input[name="category"]',
  position: '[data-field="position"] button',
  description: 'textarea[name="description"]',
  photo: '[data-field="photo"] button',
  audio: '[data-field="audio"] button',
} as const

/**
 * The form of /signaler: category, place, description, photo, voice note; sent with progress.
 * Without a connection the report is kept on the phone and sent by itself later; once the
 * category and the place are chosen, the open reports of the same kind nearby are offered.
 */
export function ReportForm({ onDone }: { onDone: (outcome: FormOutcome) => void }) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const reasonText = useReasonText()
  const categories = useCategories()
  const queryClient = useQueryClient()
  const ids = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const { draft, voice, voiceNote, actions } = useReportDraft()
  const { categoryId, position, address, addressSource, department, description, photo, errors, progress } =
    draft

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (progress !== null) return
    const found = draftErrors(draft, voiceNote !== null)
    actions.showErrors(
      Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(`reasons.filing.${key}`)])),
    )
    const first = firstErrorField(found)
    if (first) {
      formRef.current?.querySelector<HTMLElement>(FIELD_SELECTORS[first])?.focus()
      return
    }

    const categoryName = categories.data?.find((category) => category.id === categoryId)?.nom ?? ''
    const outcome = await fileReport(
      reportFiling(draft, { voiceNote, categoryName }),
      browserFilingDeps(actions.showProgress),
    )
    if (outcome.kind === 'refused') {
      const message = reasonText(outcome)
      toast.error(tRoot('common.error'), { description: message })
      actions.showRefusal(message, outcome.field)
      return
    }
    rememberPlace(draft)
    if (outcome.kind === 'queued') {
      onDone({ kind: 'queued' })
      return
    }
    // The home page's list, count and map, and "Mes signalements", now include it.
    void queryClient.invalidateQueries({ queryKey: citizenKeys.publicReports() })
    void queryClient.invalidateQueries({ queryKey: citizenKeys.all })
    toast.success(t('reportForm.sent'))
    onDone({ kind: 'created', report: outcome.report })
  }

  const sending = progress !== null
  const uploadBytes = (photo?.blob.size ?? 0) + (voiceNote?.size ?? 0) + new Blob([description, address]).size

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-8">
      <EnabledOnceHydrated>
        <CategoryPicker
          value={categoryId}
          onChange={actions.chooseCategory}
          error={errors.categoryId}
          errorId={`${ids}-category-error`}
        />

        <div data-field="position">
          <PlacePicker
            position={position}
            recenterKey={draft.recenterKey}
            onMove={actions.movePin}
            onUseMyPosition={() => void actions.moveToMyPosition()}
            placeChosen={draft.placeChosen}
            onConfirm={actions.confirmPin}
            address={address}
            addressSource={addressSource}
            onAddressChange={actions.changeAddress}
            department={department}
            onDepartmentChange={actions.changeDepartment}
            error={errors.position}
            errorId={`${ids}-position-error`}
          />
        </div>

        {categoryId !== null ? (
          <NearbyReports
            place={{ categoryId, latitude: position.latitude, longitude: position.longitude }}
            onSupported={(supporters) => onDone({ kind: 'supported', supporters })}
          />
        ) : null}

        <Field
          label={t('reportForm.description.label')}
          error={errors.description}
          hint={t('reportForm.description.hint')}
        >
          {(control) => (
            <Textarea
              {...control}
              name="description"
              rows={5}
              value={description}
              maxLength={DESCRIPTION_MAX_LENGTH}
              placeholder={t('reportForm.description.placeholder')}
              onChange={(event) => actions.changeDescription(event.target.value)}
            />
          )}
        </Field>

        <div data-field="photo">
          <PhotoPicker photo={photo} onChange={actions.changePhoto} error={errors.photo} />
        </div>

        <div data-field="audio">
          <VoiceNoteRecorder
            state={voice.state}
            onStart={actions.startVoiceNote}
            onStop={voice.stop}
            onDiscard={voice.discard}
            error={errors.audio}
          />
        </div>

        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-sm font-medium text-slate-800">
            {photo || voiceNote
              ? t('reportForm.summary.size', { size: formatFileSize(uploadBytes) })
              : t('reportForm.summary.textOnly')}
          </p>
          {sending ? (
            <div className="flex flex-col gap-1.5">
              <Progress value={progress * 100} label={t('reportForm.progress')} />
              <p className="text-sm text-slate-700" aria-live="polite">
                {t('reportForm.progressValue', { percent: Math.round(progress * 100) })}
              </p>
            </div>
          ) : null}
          <Button
            type="submit"
            size="lg"
            disabled={sending || voice.state.status === 'recording'}
            className="w-full px-4! text-base!"
          >
            <Send aria-hidden="true" className="size-5" />
            {sending ? t('reportForm.submitting') : t('reportForm.submit')}
          </Button>
        </div>
      </EnabledOnceHydrated>
    </form>
  )
}
