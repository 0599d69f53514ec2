import { HOME_DEPARTMENT } from '../../../../domain/constants'
import {
  type FilingMessage,
  type ReportDraftField,
  reportDraftErrors,
} from '../../../../domain/report-filing-rules'
import type { ReportFiling } from '../api/file-report'
import { type CompressedPhoto, photoFileName } from './compress-photo'
import type { MapPosition } from './place-map'
import type { AddressSource } from './place-picker'
import { voiceNoteFileName } from './use-voice-recorder'

/** Every field the form can show a message next to: its own checks and the server's `field`. */
export type FormField = ReportDraftField | 'address' | 'department' | 'photo' | 'audio'

export type DraftErrors = Partial<Record<FormField, string>>

/** A report as the citizen fills it in, until it is sent. The voice note is the recorder's. */
export interface ReportDraft {
  categoryId: number | null
  position: MapPosition
  /** Once the citizen places the pin, the device's position found later no longer moves it. */
  pinPlacedByCitizen: boolean
  /** The phone gave its position, or the citizen placed or confirmed the pin: it is the problem's place. */
  placeChosen: boolean
  /** Changes when the pin moved from outside the map ("Utiliser ma position"): the view follows. */
  recenterKey: number
  address: string
  addressSource: AddressSource
  /** An address the citizen wrote stays when the pin moves; an emptied field is the geocoder's again. */
  addressWrittenByCitizen: boolean
  department: string
  description: string
  photo: CompressedPhoto | null
  /** Already in the reader's language. */
  errors: DraftErrors
  /** Share of the upload sent, from 0 to 1; null while nothing is being sent. */
  progress: number | null
  /**
   * One key per report, kept across retries: a report whose answer was lost is not filed twice.
   * A new report is a new form, hence a new key.
   */
  idempotencyKey: string
}

export type DraftAction =
  | { type: 'categoryChosen'; categoryId: number }
  /** The citizen moved the pin on the map. */
  | { type: 'pinMoved'; position: MapPosition }
  /** "Utiliser ma position": from now on the pin is the citizen's choice. */
  | { type: 'myPositionAsked' }
  /** "Confirmer ce point": the pin, where it is, is the problem's place. */
  | { type: 'pinConfirmed' }
  /**
   * The device's position arrived: asked by the citizen, or when the form opened (then it yields
   * to a pin the citizen placed meanwhile).
   */
  | { type: 'deviceLocated'; position: MapPosition; askedByCitizen: boolean }
  | { type: 'addressChanged'; address: string; source: AddressSource }
  | { type: 'departmentChanged'; department: string }
  | { type: 'descriptionChanged'; description: string }
  | { type: 'photoChanged'; photo: CompressedPhoto | null }
  | { type: 'voiceNoteStarted' }
  /** The form's own checks on sending: these errors replace the previous ones. */
  | { type: 'checked'; errors: DraftErrors }
  /** The upload's progress, or null once it ended. */
  | { type: 'progressed'; sent: number | null }
  /** The server refused the report (its message in the reader's language); `field` is its name for the field at fault. */
  | { type: 'refused'; message: string; field?: string }

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

/** The order of the fields on the page, for the focus to go to the first one to fix. */
const FIELDS_IN_PAGE_ORDER = ['categoryId', 'position', 'description', 'photo', 'audio'] as const

export function initialDraft(position: MapPosition, idempotencyKey: string): ReportDraft {
  return {
    categoryId: null,
    position,
    pinPlacedByCitizen: false,
    placeChosen: false,
    recenterKey: 0,
    address: '',
    addressSource: 'geocoder',
    addressWrittenByCitizen: false,
    department: HOME_DEPARTMENT,
    description: '',
    photo: null,
    errors: {},
    progress: null,
    idempotencyKey,
  }
}

function withoutError(errors: DraftErrors, field: FormField): DraftErrors {
  if (!errors[field]) return errors
  const { [field]: _, ...rest } = errors
  return rest
}

/** A new place: the geocoder's address for it will follow, but an address the citizen wrote stays. */
function placePin(draft: ReportDraft, position: MapPosition): ReportDraft {
  return {
    ...draft,
    position,
    ...(draft.addressWrittenByCitizen ? {} : { address: '', addressSource: 'geocoder' as const }),
    errors: withoutError(draft.errors, 'position'),
  }
}

export function reportDraftReducer(draft: ReportDraft, action: DraftAction): ReportDraft {
  switch (action.type) {
    case 'categoryChosen':
      return { ...draft, categoryId: action.categoryId, errors: withoutError(draft.errors, 'categoryId') }
    case 'pinMoved':
      return placePin({ ...draft, pinPlacedByCitizen: true, placeChosen: true }, action.position)
    case 'myPositionAsked':
      return { ...draft, pinPlacedByCitizen: true }
    case 'pinConfirmed':
      return {
        ...draft,
        pinPlacedByCitizen: true,
        placeChosen: true,
        errors: withoutError(draft.errors, 'position'),
      }
    case 'deviceLocated':
      if (!action.askedByCitizen && draft.pinPlacedByCitizen) return draft
      return { ...placePin(draft, action.position), placeChosen: true, recenterKey: draft.recenterKey + 1 }
    case 'addressChanged':
      return {
        ...draft,
        address: action.address,
        addressSource: action.source,
        addressWrittenByCitizen: action.source === 'citizen' && action.address.trim() !== '',
      }
    case 'departmentChanged':
      return { ...draft, department: action.department }
    case 'descriptionChanged':
      return {
        ...draft,
        description: action.description,
        errors: withoutError(draft.errors, 'description'),
      }
    case 'photoChanged':
      return { ...draft, photo: action.photo, errors: withoutError(draft.errors, 'photo') }
    case 'voiceNoteStarted':
      return { ...draft, errors: withoutError(draft.errors, 'audio') }
    case 'checked':
      return { ...draft, errors: action.errors }
    case 'progressed':
      return { ...draft, progress: action.sent }
    case 'refused': {
      const field = action.field ? SERVER_FIELDS[action.field] : undefined
      // Only the field the server named is marked; a refusal without one leaves the form as it was.
      return field ? { ...draft, errors: { [field]: action.message } } : draft
    }
  }
}

/** What the form must fix before sending, by the key of the message the server would answer. */
export function draftErrors(
  draft: ReportDraft,
  hasVoiceNote: boolean,
): Partial<Record<ReportDraftField, FilingMessage>> {
  return reportDraftErrors({
    categoryId: draft.categoryId,
    description: draft.description,
    hasVoiceNote,
    latitude: draft.position.latitude,
    longitude: draft.position.longitude,
    placeChosen: draft.placeChosen,
  })
}

/** The field to fix that comes first on the page. */
export function firstErrorField(errors: DraftErrors): (typeof FIELDS_IN_PAGE_ORDER)[number] | undefined {
  return FIELDS_IN_PAGE_ORDER.find((field) => errors[field])
}

/** The report to file from a checked draft: texts trimmed, files named as the server is sent them. */
export function reportFiling(
  draft: ReportDraft,
  { voiceNote, categoryName }: { voiceNote: Blob | null; categoryName: string },
): ReportFiling {
  return {
    key: draft.idempotencyKey,
    fields: {
      categoryId: draft.categoryId ?? 0,
      categoryName,
      description: draft.description.trim(),
      address: draft.address.trim(),
      department: draft.department,
      latitude: draft.position.latitude,
      longitude: draft.position.longitude,
    },
    photo: draft.photo ? { blob: draft.photo.blob, name: photoFileName(draft.photo.blob) } : null,
    audio: voiceNote ? { blob: voiceNote, name: voiceNoteFileName(voiceNote) } : null,
  }
}
