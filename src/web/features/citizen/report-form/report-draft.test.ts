import { describe, expect, it } from 'vitest'
import {
  type DraftAction,
  draftErrors,
  firstErrorField,
  initialDraft,
  type ReportDraft,
  reportDraftReducer,
  reportFiling,
} from './report-draft'

const DAKAR = { latitude: 14.6928, longitude: -17.4467 }
const MEDINA = { latitude: 14.6841, longitude: -17.4528 }
const SANDAGA = { latitude: 14.6705, longitude: -17.4368 }
const KEY = '5f0c6a8e-2b7d-4c1e-9a3f-7d2e1b0c4a56'

function draftAfter(...actions: DraftAction[]): ReportDraft {
  return actions.reduce(reportDraftReducer, initialDraft(DAKAR, KEY))
}

describe('reportDraftReducer', () => {
  it('starts empty, at the given place, in the department of Dakar, with its key', () => {
    expect(initialDraft(DAKAR, KEY)).toMatchObject({
      categoryId: null,
      position: DAKAR,
      address: '',
      addressSource: 'geocoder',
      department: 'Dakar',
      description: '',
      photo: null,
      errors: {},
      progress: null,
      idempotencyKey: KEY,
    })
  })

  it('clears the message of the field the citizen fixes, and only that one', () => {
    const errors = { categoryId: 'catégorie', description: 'description', photo: 'photo', audio: 'audio' }
    const checked = draftAfter({ type: 'checked', errors })
    expect(reportDraftReducer(checked, { type: 'categoryChosen', categoryId: 3 })).toMatchObject({
      categoryId: 3,
      errors: { description: 'description', photo: 'photo', audio: 'audio' },
    })
    expect(
      reportDraftReducer(checked, { type: 'descriptionChanged', description: 'Caniveau' }).errors,
    ).toEqual({
      categoryId: 'catégorie',
      photo: 'photo',
      audio: 'audio',
    })
    expect(reportDraftReducer(checked, { type: 'photoChanged', photo: null }).errors).not.toHaveProperty(
      'photo',
    )
    expect(reportDraftReducer(checked, { type: 'voiceNoteStarted' }).errors).not.toHaveProperty('audio')
  })

  it('keeps the same state when there is no message to clear', () => {
    const draft = draftAfter()
    expect(reportDraftReducer(draft, { type: 'voiceNoteStarted' })).toEqual(draft)
    expect(reportDraftReducer(draft, { type: 'voiceNoteStarted' }).errors).toBe(draft.errors)
  })

  it('empties the geocoder’s address when the pin moves, so that the new place’s follows', () => {
    const draft = draftAfter(
      { type: 'addressChanged', address: 'Rue 10, Médina', source: 'geocoder' },
      { type: 'checked', errors: { position: 'position' } },
      { type: 'pinMoved', position: SANDAGA },
    )
    expect(draft).toMatchObject({ position: SANDAGA, address: '', addressSource: 'geocoder', errors: {} })
    expect(draft.pinPlacedByCitizen).toBe(true)
  })

  it('keeps an address the citizen wrote when the pin moves, but not one they emptied', () => {
    const written = draftAfter(
      { type: 'addressChanged', address: 'Devant la pharmacie Guigon', source: 'citizen' },
      { type: 'pinMoved', position: SANDAGA },
    )
    expect(written).toMatchObject({ address: 'Devant la pharmacie Guigon', addressSource: 'citizen' })

    const emptied = reportDraftReducer(written, { type: 'addressChanged', address: '  ', source: 'citizen' })
    expect(reportDraftReducer(emptied, { type: 'pinMoved', position: MEDINA })).toMatchObject({
      address: '',
      addressSource: 'geocoder',
    })
  })

  it('moves the pin to the device’s position found when the form opens, and the map follows', () => {
    const draft = draftAfter({ type: 'deviceLocated', position: MEDINA, askedByCitizen: false })
    expect(draft).toMatchObject({ position: MEDINA, recenterKey: 1 })
  })

  it('does not move a pin the citizen placed when the device’s position arrives late', () => {
    const placed = draftAfter({ type: 'pinMoved', position: SANDAGA })
    expect(
      reportDraftReducer(placed, { type: 'deviceLocated', position: MEDINA, askedByCitizen: false }),
    ).toBe(placed)
    // "Utiliser ma position" is asked: the position it brings wins, and the map follows.
    const asked = draftAfter({ type: 'myPositionAsked' })
    expect(
      reportDraftReducer(asked, { type: 'deviceLocated', position: MEDINA, askedByCitizen: false }),
    ).toBe(asked)
    expect(
      reportDraftReducer(asked, { type: 'deviceLocated', position: MEDINA, askedByCitizen: true }),
    ).toMatchObject({ position: MEDINA, recenterKey: 1 })
  })

  it('follows the upload from its start to its end', () => {
    const sending = draftAfter({ type: 'progressed', sent: 0 }, { type: 'progressed', sent: 0.5 })
    expect(sending.progress).toBe(0.5)
    expect(reportDraftReducer(sending, { type: 'progressed', sent: null }).progress).toBeNull()
  })

  it('replaces every message by the checks of a new try, even by none', () => {
    const draft = draftAfter({ type: 'checked', errors: { photo: 'photo' } }, { type: 'checked', errors: {} })
    expect(draft.errors).toEqual({})
  })

  it('shows a refusal next to the field the server named, under the form’s name for it', () => {
    const draft = draftAfter(
      { type: 'checked', errors: { description: 'description' } },
      { type: 'refused', message: 'La position du signalement n’est pas valide.', field: 'longitude' },
    )
    expect(draft.errors).toEqual({ position: 'La position du signalement n’est pas valide.' })
  })

  it('leaves the form as it was after a refusal that names no field it knows', () => {
    const draft = draftAfter({ type: 'checked', errors: { description: 'description' } })
    expect(reportDraftReducer(draft, { type: 'refused', message: 'Réessayez dans une heure.' })).toBe(draft)
    expect(reportDraftReducer(draft, { type: 'refused', message: 'Non.', field: 'priority' })).toBe(draft)
  })
})

describe('draftErrors', () => {
  it('asks for a category and a description, unless a voice note tells it', () => {
    const draft = draftAfter({ type: 'deviceLocated', position: MEDINA, askedByCitizen: false })
    expect(draftErrors(draft, false)).toEqual({
      categoryId: 'unknownCategory',
      description: 'descriptionTooShort',
    })
    expect(draftErrors(draft, true)).toEqual({ categoryId: 'unknownCategory' })
  })

  it('asks for the place until the phone gives it or the citizen places or confirms the pin', () => {
    const written = [
      { type: 'categoryChosen', categoryId: 1 },
      { type: 'descriptionChanged', description: 'Lampadaire éteint depuis une semaine' },
    ] satisfies DraftAction[]
    expect(draftErrors(draftAfter(...written), false)).toEqual({ position: 'placeNotChosen' })
    // "Utiliser ma position" asked, but the phone refused it: still unknown.
    expect(draftErrors(draftAfter(...written, { type: 'myPositionAsked' }), false)).toEqual({
      position: 'placeNotChosen',
    })
    for (const chosen of [
      { type: 'pinConfirmed' },
      { type: 'pinMoved', position: SANDAGA },
      { type: 'deviceLocated', position: MEDINA, askedByCitizen: false },
    ] satisfies DraftAction[]) {
      expect(draftErrors(draftAfter(...written, chosen), false)).toEqual({})
    }
    // Confirming the point clears the message shown next to the map.
    const told = draftAfter(...written, { type: 'checked', errors: { position: 'Placez le repère' } })
    expect(reportDraftReducer(told, { type: 'pinConfirmed' }).errors).toEqual({})
  })

  it('refuses a position out of range', () => {
    const draft = reportDraftReducer(
      draftAfter(
        { type: 'categoryChosen', categoryId: 1 },
        { type: 'descriptionChanged', description: 'Lampadaire éteint depuis une semaine' },
      ),
      { type: 'pinMoved', position: { latitude: 999, longitude: -17.4 } },
    )
    expect(draftErrors(draft, false)).toEqual({ position: 'invalidCoordinates' })
  })
})

describe('firstErrorField', () => {
  it('is the first field to fix in the order of the page', () => {
    expect(firstErrorField({ audio: 'a', description: 'd', position: 'p' })).toBe('position')
    expect(firstErrorField({ address: 'a' })).toBeUndefined()
    expect(firstErrorField({})).toBeUndefined()
  })
})

describe('reportFiling', () => {
  it('trims the texts and names the files as the server is sent them', () => {
    const photo = {
      blob: new Blob(['webp'], { type: 'image/webp' }),
      width: 1600,
      height: 1200,
      originalBytes: 9,
    }
    const voiceNote = new Blob(['opus'], { type: 'audio/ogg' })
    const draft = draftAfter(
      { type: 'categoryChosen', categoryId: 2 },
      { type: 'descriptionChanged', description: '  Caniveau bouché  ' },
      { type: 'addressChanged', address: ' Rue 10 ', source: 'citizen' },
      { type: 'departmentChanged', department: 'Pikine' },
      { type: 'photoChanged', photo },
    )
    expect(reportFiling(draft, { voiceNote, categoryName: 'Assainissement' })).toEqual({
      key: KEY,
      fields: {
        categoryId: 2,
        categoryName: 'Assainissement',
        description: 'Caniveau bouché',
        address: 'Rue 10',
        department: 'Pikine',
        latitude: DAKAR.latitude,
        longitude: DAKAR.longitude,
      },
      photo: { blob: photo.blob, name: 'photo.webp' },
      audio: { blob: voiceNote, name: 'note-vocale.ogg' },
    })
    expect(reportFiling(draftAfter(), { voiceNote: null, categoryName: '' })).toMatchObject({
      photo: null,
      audio: null,
    })
  })
})
