import { useEffect, useMemo, useReducer } from 'react'
import { newIdempotencyKey } from '../../../lib/idempotency-key'
import { useLocationStore } from '../../../lib/location-store'
import type { CompressedPhoto } from './compress-photo'
import type { MapPosition } from './place-map'
import type { AddressSource } from './place-picker'
import { type DraftErrors, initialDraft, type ReportDraft, reportDraftReducer } from './report-draft'
import { useVoiceRecorder } from './use-voice-recorder'

/** The device's position, if the location store has it from the device itself (not the default). */
async function devicePosition(): Promise<MapPosition | null> {
  const location = await useLocationStore.getState().requestLocation()
  if (!useLocationStore.getState().hasDeviceLocation) return null
  return { latitude: location.latitude, longitude: location.longitude }
}

/**
 * The report being written: the draft's state and its changes, the voice recorder, and the
 * device's position, asked afresh when the form opens. Every action keeps its identity across
 * renders (the place picker's effects depend on them).
 */
export function useReportDraft() {
  const [draft, dispatch] = useReducer(reportDraftReducer, undefined, () => {
    const { location } = useLocationStore.getState()
    return initialDraft({ latitude: location.latitude, longitude: location.longitude }, newIdempotencyKey())
  })
  const voice = useVoiceRecorder()
  // The recorder owns the microphone and the note: the draft reads the note from it, not a copy.
  const voiceNote = voice.state.status === 'recorded' ? voice.state.blob : null

  // The pin starts at the device's position, unless the citizen placed it first.
  useEffect(() => {
    void devicePosition().then((position) => {
      if (position) dispatch({ type: 'deviceLocated', position, askedByCitizen: false })
    })
  }, [])

  const actions = useMemo(
    () => ({
      chooseCategory: (categoryId: number) => dispatch({ type: 'categoryChosen', categoryId }),
      movePin: (position: MapPosition) => dispatch({ type: 'pinMoved', position }),
      confirmPin: () => dispatch({ type: 'pinConfirmed' }),
      moveToMyPosition: async () => {
        dispatch({ type: 'myPositionAsked' })
        const position = await devicePosition()
        if (position) dispatch({ type: 'deviceLocated', position, askedByCitizen: true })
      },
      changeAddress: (address: string, source: AddressSource) =>
        dispatch({ type: 'addressChanged', address, source }),
      changeDepartment: (department: string) => dispatch({ type: 'departmentChanged', department }),
      changeDescription: (description: string) => dispatch({ type: 'descriptionChanged', description }),
      changePhoto: (photo: CompressedPhoto | null) => dispatch({ type: 'photoChanged', photo }),
      startVoiceNote: () => {
        dispatch({ type: 'voiceNoteStarted' })
        void voice.start()
      },
      showErrors: (errors: DraftErrors) => dispatch({ type: 'checked', errors }),
      showProgress: (sent: number | null) => dispatch({ type: 'progressed', sent }),
      showRefusal: (message: string, field?: string) => dispatch({ type: 'refused', message, field }),
    }),
    [voice.start],
  )

  return { draft, voice, voiceNote, actions }
}

/** Keeps where the last report was made, in location-storage (SPEC.md section 3). */
export function rememberPlace(draft: ReportDraft) {
  const { location, setLastReportLocation } = useLocationStore.getState()
  setLastReportLocation({
    ...location,
    latitude: draft.position.latitude,
    longitude: draft.position.longitude,
    address: draft.address.trim(),
    department: draft.department,
  })
}
