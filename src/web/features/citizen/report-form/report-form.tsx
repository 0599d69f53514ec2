import { useQueryClient } from '@tanstack/react-query'
import Send from 'lucide-react/icons/send'
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HOME_DEPARTMENT } from '../../../../domain/constants'
import type { CreatedReport } from '../../../../domain/report-filing'
import {
  DESCRIPTION_MAX_LENGTH,
  type ReportDraftField,
  reportDraftErrors,
} from '../../../../domain/report-filing-rules'
import { Button } from '../../../components/ui/button'
import { EnabledOnceHydrated } from '../../../components/ui/enabled-once-hydrated'
import { Field } from '../../../components/ui/field'
import { Progress } from '../../../components/ui/progress'
import { Textarea } from '../../../components/ui/textarea'
import { useDomainText } from '../../../i18n/domain-text'
import { ApiError } from '../../../lib/api-client'
import { useCategories } from '../../../lib/categories'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { formatFileSize } from '../../../lib/french-numbers'
import { useLocationStore } from '../../../lib/location-store'
import type { QueuedReport } from '../../../lib/outbox/outbox-store'
import { toast } from '../../../lib/toast'
import { CategoryPicker } from './category-picker'
import { type CompressedPhoto, photoFileName } from './compress-photo'
import { NearbyReports } from './nearby-reports'
import { PhotoPicker } from './photo-picker'
import type { MapPosition } from './place-map'
import { type AddressSource, PlacePicker } from './place-picker'
import { queueReport } from './queue-report'
import { newIdempotencyKey, sendReport } from './send-report'
import { useVoiceRecorder, voiceNoteFileName } from './use-voice-recorder'
import { VoiceNoteRecorder } from './voice-note-recorder'

/** Every field the form can show a message next to: its own checks and the server's `field`. */
type FormField = ReportDraftField | 'address' | 'department' | 'photo' | 'audio'

/** The server names the fields of the multipart body; the form groups latitude and longitude. */
const SERVER_FIELDS: Record<string, FormField> = {
  categoryId: 'categoryId',
  description: 'description',
  latitude: 'position',
  longitude: 'position',
  address: 'address',
  department: 'department',
  photo: 'photo',
  audio: 'audio',
}

/** How a report left the form: filed, kept on the phone until the network returns, or supported instead. */
export type FormOutcome =
  | { kind: 'created'; report: CreatedReport }
  | { kind: 'queued' }
  | { kind: 'supported'; supporters: number }

/**
 * The form of /signaler: category, place, description, photo, voice note; sent with progress.
 * Without a connection the report is kept on the phone and sent by itself later; once the
 * category and the place are chosen, the open reports of the same kind nearby are offered.
 */
export function ReportForm({ onDone }: { onDone: (outcome: FormOutcome) => void }) {
  const { t } = useTranslation('citizen')
  const { t: tRoot } = useTranslation()
  const domainText = useDomainText()
  const categories = useCategories()
  const queryClient = useQueryClient()
  const ids = useId()
  const formRef = useRef<HTMLFormElement>(null)

  const [categoryId, setCategoryId] = useState<number | null>(null)
  const [position, setPosition] = useState<MapPosition>(() => {
    const { location } = useLocationStore.getState()
    return { latitude: location.latitude, longitude: location.longitude }
  })
  const [recenterKey, setRecenterKey] = useState(0)
  const [address, setAddress] = useState('')
  const [addressSource, setAddressSource] = useState<AddressSource>('geocoder')
  const [department, setDepartment] = useState<string>(HOME_DEPARTMENT)
  const [description, setDescription] = useState('')
  const [photo, setPhoto] = useState<CompressedPhoto | null>(null)
  const voice = useVoiceRecorder()
  const voiceNote = voice.state.status === 'recorded' ? voice.state.blob : null
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({})
  const [progress, setProgress] = useState<number | null>(null)
  // One key per report, kept across retries: a report whose answer was lost is not filed twice.
  const idempotencyKey = useRef<string | null>(null)
  // Once the citizen places the pin, the device's position no longer moves it.
  const pinPlacedByCitizen = useRef(false)

  const requestLocation = useLocationStore((state) => state.requestLocation)
  const locating = useLocationStore((state) => state.isLocating)
  const locationError = useLocationStore((state) => state.error)

  const clearError = useCallback((field: FormField) => {
    setErrors((current) => {
      if (!current[field]) return current
      const { [field]: _, ...rest } = current
      return rest
    })
  }, [])

  // Read when the pin moves, which must not depend on every keystroke.
  const addressWrittenByCitizen = useRef(false)

  const placePin = useCallback(
    (next: MapPosition) => {
      setPosition(next)
      // A new place: the geocoder's address for it will follow; an address the citizen wrote stays.
      if (!addressWrittenByCitizen.current) {
        setAddress('')
        setAddressSource('geocoder')
      }
      clearError('position')
    },
    [clearError],
  )

  const moveToDevicePosition = useCallback(async () => {
    const location = await requestLocation()
    if (!useLocationStore.getState().hasDeviceLocation) return
    placePin({ latitude: location.latitude, longitude: location.longitude })
    setRecenterKey((key) => key + 1)
  }, [requestLocation, placePin])

  // The pin starts at the device's position, asked afresh when the form opens.
  useEffect(() => {
    void requestLocation().then((location) => {
      if (pinPlacedByCitizen.current || !useLocationStore.getState().hasDeviceLocation) return
      placePin({ latitude: location.latitude, longitude: location.longitude })
      setRecenterKey((key) => key + 1)
    })
  }, [requestLocation, placePin])

  const onAddressChange = useCallback((value: string, source: AddressSource) => {
    // An emptied field stays empty here, and is the geocoder's again when the pin moves.
    addressWrittenByCitizen.current = source === 'citizen' && value.trim() !== ''
    setAddress(value)
    setAddressSource(source)
  }, [])

  const onMove = useCallback(
    (next: MapPosition) => {
      pinPlacedByCitizen.current = true
      placePin(next)
    },
    [placePin],
  )

  function focusFirstError(fields: Partial<Record<FormField, string>>) {
    const first = (['categoryId', 'position', 'description', 'photo', 'audio'] as const).find(
      (f) => fields[f],
    )
    const selector = {
      categoryId: 'input[name="category"]',
      position: '[data-field="position"] button',
      description: 'textarea[name="description"]',
      photo: '[data-field="photo"] button',
      audio: '[data-field="audio"] button',
    } as const
    if (first) formRef.current?.querySelector<HTMLElement>(selector[first])?.focus()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (progress !== null) return
    const found = reportDraftErrors({
      categoryId,
      description,
      hasVoiceNote: voiceNote !== null,
      latitude: position.latitude,
      longitude: position.longitude,
    })
    setErrors(
      Object.fromEntries(Object.entries(found).map(([field, message]) => [field, domainText(message)])),
    )
    if (Object.keys(found).length > 0) {
      focusFirstError(found)
      return
    }

    const form = new FormData()
    form.append('categoryId', String(categoryId))
    form.append('description', description.trim())
    if (address.trim()) form.append('address', address.trim())
    form.append('department', department)
    form.append('latitude', String(position.latitude))
    form.append('longitude', String(position.longitude))
    if (photo) form.append('photo', photo.blob, photoFileName(photo.blob))
    if (voiceNote) form.append('audio', voiceNote, voiceNoteFileName(voiceNote))

    idempotencyKey.current ??= newIdempotencyKey()
    const queued: QueuedReport = {
      key: idempotencyKey.current,
      queuedAt: new Date().toISOString(),
      fields: {
        categoryId: categoryId ?? 0,
        categoryName: categories.data?.find((category) => category.id === categoryId)?.nom ?? '',
        description: description.trim(),
        address: address.trim(),
        department,
        latitude: position.latitude,
        longitude: position.longitude,
      },
      photo: photo ? { blob: photo.blob, name: photoFileName(photo.blob) } : null,
      audio: voiceNote ? { blob: voiceNote, name: voiceNoteFileName(voiceNote) } : null,
      citizenToken: useCitizenDeviceStore.getState().citizenToken,
      state: 'waiting',
      error: null,
      attempts: 0,
    }
    const keepForLater = async () => {
      await queueReport(queued)
      rememberPlace()
      onDone({ kind: 'queued' })
    }
    // No network at all: no need to try, the phone keeps it.
    if (navigator.onLine === false) {
      await keepForLater()
      return
    }
    setProgress(0)
    try {
      const created = await sendReport({
        form,
        citizenToken: useCitizenDeviceStore.getState().citizenToken,
        idempotencyKey: idempotencyKey.current,
        onProgress: setProgress,
      })
      useCitizenDeviceStore.getState().setCitizenToken(created.citizenToken)
      rememberPlace()
      // The home page's list, count and map, and "Mes signalements", now include it.
      void queryClient.invalidateQueries({ queryKey: ['reports'] })
      void queryClient.invalidateQueries({ queryKey: ['citizen'] })
      toast.success(t('reportForm.sent'))
      onDone({ kind: 'created', report: created })
    } catch (error) {
      const apiError =
        error instanceof ApiError ? error : new ApiError('network_error', tRoot('api.network'), 0)
      // The connection dropped on the way: kept on the phone, sent later under the same key
      // (if the server got it after all, it answers with that same report).
      if (apiError.status === 0) {
        setProgress(null)
        await keepForLater()
        return
      }
      // The server does not know this device any more: forget it, the retry gets a new identity.
      if (apiError.status === 401) useCitizenDeviceStore.getState().forgetCitizenToken()
      const message = domainText(apiError.message)
      toast.error(tRoot('common.error'), { description: message })
      const field = apiError.field ? SERVER_FIELDS[apiError.field] : undefined
      if (field) setErrors({ [field]: message })
    } finally {
      setProgress(null)
    }
  }

  function rememberPlace() {
    useLocationStore.getState().setLastReportLocation({
      ...useLocationStore.getState().location,
      latitude: position.latitude,
      longitude: position.longitude,
      address: address.trim(),
      department,
    })
  }

  const sending = progress !== null
  const uploadBytes = (photo?.blob.size ?? 0) + (voiceNote?.size ?? 0) + new Blob([description, address]).size

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-8">
      <EnabledOnceHydrated>
        <CategoryPicker
          value={categoryId}
          onChange={(id) => {
            setCategoryId(id)
            clearError('categoryId')
          }}
          error={errors.categoryId}
          errorId={`${ids}-category-error`}
        />

        <div data-field="position">
          <PlacePicker
            position={position}
            recenterKey={recenterKey}
            onMove={onMove}
            onUseMyPosition={() => {
              pinPlacedByCitizen.current = true
              void moveToDevicePosition()
            }}
            locating={locating}
            locationError={locationError}
            address={address}
            addressSource={addressSource}
            onAddressChange={onAddressChange}
            department={department}
            onDepartmentChange={setDepartment}
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
              onChange={(event) => {
                setDescription(event.target.value)
                clearError('description')
              }}
            />
          )}
        </Field>

        <div data-field="photo">
          <PhotoPicker
            photo={photo}
            onChange={(next) => {
              setPhoto(next)
              clearError('photo')
            }}
            error={errors.photo}
          />
        </div>

        <div data-field="audio">
          <VoiceNoteRecorder
            state={voice.state}
            onStart={() => {
              clearError('audio')
              void voice.start()
            }}
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
