import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_LOCATION } from '../../../../domain/location'
import { useCitizenDeviceStore } from '../../../lib/citizen-device'
import { useLocationStore } from '../../../lib/location-store'
import { queuedReports, removeQueuedReport } from '../../../lib/outbox/outbox-store'
import { stubApi } from '../../../test/api-stub'
import { CATEGORIES } from '../../../test/fixtures'
import { renderRoute } from '../../../test/render-route'
import { FakeXhr } from '../test/fake-xhr'
import { compressPhoto } from './compress-photo'

// jsdom cannot draw Leaflet nor decode images: the map and the canvas compression are replaced.
// The map stands in as a button that moves the pin, as a drag would: to Sandaga, then further on.
const pin = vi.hoisted(() => {
  const places = [
    { latitude: 14.7106, longitude: -17.4681 },
    { latitude: 14.7, longitude: -17.45 },
  ] as const
  return { moves: 0, next: (moves: number) => places[Math.min(moves, places.length - 1)] ?? places[0] }
})
// The live map is ready at once, as the real one is once its pin is drawn; its still preview (the
// real one, as jsdom lays it out: no size) is woken as a keyboard wakes it.
vi.mock('./place-map', () => ({
  default: ({
    onMove,
    onReady,
  }: {
    onMove: (position: { latitude: number; longitude: number }) => void
    onReady: () => void
  }) => {
    useEffect(onReady, [onReady])
    return (
      <button type="button" data-testid="place-map" onClick={() => onMove(pin.next(pin.moves++))}>
        carte
      </button>
    )
  },
}))

/** The form map's still preview, until it is touched. */
const MAP_PREVIEW = 'Carte\u202f: déplacez le repère sur le lieu du problème'

/** Wakes the form's map with the keyboard (a tap would move the pin) and gives its live map. */
async function liveMap(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const preview = await screen.findByRole('button', { name: MAP_PREVIEW }, { timeout: 60_000 })
  preview.focus()
  await user.keyboard('{Enter}')
  return screen.findByTestId('place-map')
}
vi.mock('./compress-photo', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./compress-photo')>()),
  compressPhoto: vi.fn(async (file: File) => ({
    blob: new Blob([new Uint8Array(245 * 1024)], { type: 'image/webp' }),
    width: 1600,
    height: 1200,
    originalBytes: file.size,
  })),
}))

const CREATED = { id: 'r-1', anonymous_code: '7KQ2M9XD', citizenToken: 'T'.repeat(43) }

function stubPageApi(geocode: { status: number; body?: unknown } = { status: 503, body: unavailable() }) {
  return stubApi({
    'GET /api/categories': { status: 200, body: CATEGORIES },
    'GET /api/geocode/reverse': geocode,
  })
}

function unavailable() {
  return {
    error: {
      code: 'unavailable',
      message: 'Le service d’adresses ne répond pas. La position sera indiquée par ses coordonnées.',
    },
  }
}

/** A microphone and a MediaRecorder that record a few bytes of "Opus". */
function stubMicrophone(getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] }))) {
  class FakeMediaRecorder extends EventTarget {
    static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus'
    state = 'inactive'
    mimeType: string
    constructor(_stream: unknown, options?: MediaRecorderOptions) {
      super()
      this.mimeType = options?.mimeType ?? ''
      recorderOptions.push(options)
    }
    start() {
      this.state = 'recording'
    }
    stop() {
      this.state = 'inactive'
      this.dispatchEvent(
        Object.assign(new Event('dataavailable'), { data: new Blob(['opus-bytes'], { type: 'audio/webm' }) }),
      )
      this.dispatchEvent(new Event('stop'))
    }
  }
  const recorderOptions: (MediaRecorderOptions | undefined)[] = []
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true })
  return { getUserMedia, recorderOptions }
}

beforeEach(() => {
  // The query client logs every failed read; here most geocoding answers are meant to be 503.
  const logError = console.error
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args[0] !== 'Échec du chargement') logError(...args)
  })
  FakeXhr.install()
  pin.moves = 0
  FakeXhr.respond = () => ({ status: 201, body: CREATED })
  useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
  useLocationStore.setState({ location: DEFAULT_LOCATION, hasDeviceLocation: false, error: null })
  // The phone gives its position (Dakar's centre), unless a test refuses it.
  stubGeolocation((found) =>
    found({ coords: { latitude: DEFAULT_LOCATION.latitude, longitude: DEFAULT_LOCATION.longitude } }),
  )
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() })
})
afterEach(async () => {
  // The outbox is one IndexedDB for the file: each test starts with none, even after a test that failed.
  for (const report of await queuedReports()) await removeQueuedReport(report.key)
  Reflect.deleteProperty(navigator, 'mediaDevices')
  Reflect.deleteProperty(navigator, 'geolocation')
})

/** The phone's answer when the page asks for its position. */
function stubGeolocation(
  answer: (
    found: (position: unknown) => void,
    failed: (error: { code: number; message: string }) => void,
  ) => void,
) {
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition: answer },
    configurable: true,
  })
}

/**
 * Writes a text into a field as one input, as a paste or a phone's dictation gives it. Typed key
 * by key, each character re-rendered the whole form: a description of 35 characters took half of
 * a test's time, and the test more than Vitest's 5 s on a busy machine.
 */
async function write(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label))
  await user.paste(text)
}

async function chooseCategory(user: ReturnType<typeof userEvent.setup>, name = 'Voirie') {
  await user.click(await screen.findByRole('radio', { name }))
}

const submitButton = () => screen.getByRole('button', { name: 'Envoyer le signalement' })

// The form's code is loaded once for the file, by rendering the form once: the router fetches the
// screen, the form its map, its texts and the toasts, modules Vite transforms on first use. The
// tests then time what the form does; the first of them used to pay for this loading too.
// Loading code is what a busy machine slows most: this hook, and its waits for the form, have the
// time they need.
beforeAll(async () => {
  stubApi({ 'GET /api/categories': { status: 200, body: CATEGORIES }, 'GET /api/geocode/reverse': 'pending' })
  const page = renderRoute('/signaler')
  await screen.findByRole('radio', { name: 'Voirie' }, { timeout: 60_000 })
  await screen.findByRole('button', { name: MAP_PREVIEW }, { timeout: 60_000 })
  page.unmount()
}, 60_000)

// Each test renders the whole form in jsdom and acts on it: 0.5 to 1 s of work on an idle machine,
// once the typing and the loading of the code are out of it (above). Vitest's 5 s still failed a
// few of them on two cores at a load average of 10 to 14; 15 s leaves room, and a test that waits
// forever still fails.
const FORM_TEST = { timeout: 15_000 }

describe('/signaler', FORM_TEST, () => {
  it('shows the categories as large choices once loaded, with the page title', async () => {
    stubApi({ 'GET /api/categories': 'pending', 'GET /api/geocode/reverse': 'pending' })
    renderRoute('/signaler')
    expect(await screen.findByText('Chargement des catégories...')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Signaler un problème', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Signaler un problème | Alertes urbaines'))
  })

  it('offers every category as a radio button, Dakar as department, and the place on a map', async () => {
    stubPageApi()
    renderRoute('/signaler')
    await screen.findByRole('radio', { name: 'Voirie' })
    const group = screen.getByRole('group', { name: 'Quel est le problème\u202f?' })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['4', '5', '2', '3', '1'])
    expect(within(group).getByRole('radio', { name: 'Éclairage public' })).not.toBeChecked()
    expect(screen.getByLabelText('Département')).toHaveValue('Dakar')
    expect(await screen.findByRole('button', { name: MAP_PREVIEW })).toBeInTheDocument()
    // No geocoder: the coordinates with 4 decimals, and why.
    expect(screen.getByText('Position : 14.6928, -17.4467')).toBeInTheDocument()
    expect(
      await screen.findByText(
        'Le service d’adresses ne répond pas. La position sera indiquée par ses coordonnées.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Adresse')).toHaveValue('')
  })

  it('fills the address from reverse geocoding, and lets the citizen correct it', async () => {
    const user = userEvent.setup()
    stubPageApi({
      status: 200,
      body: { display_name: 'Rue 10, Médina, Dakar, Sénégal', city: 'Dakar', address: { suburb: 'Médina' } },
    })
    renderRoute('/signaler')
    const address = await screen.findByLabelText('Adresse')
    await waitFor(() => expect(address).toHaveValue('Rue 10, Médina, Dakar, Sénégal'))
    await user.clear(address)
    await write(user, 'Adresse', 'Marché Tilène')
    expect(address).toHaveValue('Marché Tilène')
  })

  it('gives the address of the new place when the pin moves, but keeps an address the citizen wrote', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      'GET /api/categories': { status: 200, body: CATEGORIES },
      'GET /api/geocode/reverse': ({ search }) => ({
        status: 200,
        body: {
          display_name: search.get('lat') === '14.7106' ? 'Marché Sandaga, Plateau' : 'Rue 10, Médina',
          city: 'Dakar',
          address: {},
        },
      }),
    })
    renderRoute('/signaler')
    const address = await screen.findByLabelText('Adresse')
    await waitFor(() => expect(address).toHaveValue('Rue 10, Médina'))
    await user.click(await liveMap(user))
    expect(screen.getByText('Position : 14.7106, -17.4681')).toBeInTheDocument()
    await waitFor(() => expect(address).toHaveValue('Marché Sandaga, Plateau'))

    await user.clear(address)
    await write(user, 'Adresse', 'Devant la pharmacie Guigon')
    // The pin moves on: the new place is looked up, and its answer leaves the citizen's words alone.
    await user.click(screen.getByTestId('place-map'))
    expect(screen.getByText('Position : 14.7000, -17.4500')).toBeInTheDocument()
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/geocode/reverse').map((call) => call.search.get('lat'))).toContain(
        '14.7000',
      ),
    )
    await waitFor(() => expect(screen.queryByText('Recherche de l’adresse...')).not.toBeInTheDocument())
    expect(address).toHaveValue('Devant la pharmacie Guigon')
  })

  it('asks for a category and a description before sending anything', async () => {
    const user = userEvent.setup()
    stubPageApi()
    renderRoute('/signaler')
    await screen.findByRole('radio', { name: 'Voirie' })
    await user.click(submitButton())
    expect(await screen.findByText('Choisissez une catégorie dans la liste.')).toBeInTheDocument()
    expect(
      screen.getByText('Décrivez le problème en au moins 10 caractères, ou enregistrez une note vocale.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true')
    // The first field to fix gets the focus.
    expect(screen.getByRole('radio', { name: 'Assainissement' })).toHaveFocus()
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it('refuses a description under 10 characters, and accepts it once long enough', async () => {
    const user = userEvent.setup()
    stubPageApi()
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'trou')
    await user.click(submitButton())
    expect(
      await screen.findByText(
        'Décrivez le problème en au moins 10 caractères, ou enregistrez une note vocale.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('Choisissez une catégorie dans la liste.')).not.toBeInTheDocument()
    expect(FakeXhr.sent).toHaveLength(0)

    await write(user, 'Description', ' profond au carrefour')
    await user.click(submitButton())
    await screen.findByRole('heading', { name: 'Merci\u202f! Votre signalement est envoyé' })
    const [request] = FakeXhr.sent
    expect(request?.body?.get('description')).toBe('trou profond au carrefour')
    expect(request?.body?.get('categoryId')).toBe('1')
  })

  it('asks a citizen who refused their position to show the place, or confirm the point shown', async () => {
    const user = userEvent.setup()
    stubPageApi()
    stubGeolocation((_, failed) => failed({ code: 1, message: 'User denied Geolocation' }))
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Lampadaire éteint depuis une semaine')
    // The form says how, before anything is sent.
    const how = await screen.findByText(/Votre position n’est pas connue\. Touchez la carte/)
    expect(how).toBeInTheDocument()
    await user.click(submitButton())
    expect(
      await screen.findByText(
        /^Votre position n’est pas connue : touchez la carte ou faites glisser le repère/,
      ),
    ).toHaveAttribute('role', 'alert')
    expect(FakeXhr.sent).toHaveLength(0)
    // The point shown is the place: confirmed, the report goes, from there.
    await user.click(screen.getByRole('button', { name: 'Confirmer ce point' }))
    expect(screen.queryByText(/^Votre position n’est pas connue/)).not.toBeInTheDocument()
    await user.click(submitButton())
    await screen.findByRole('heading', { name: 'Merci\u202f! Votre signalement est envoyé' })
    expect(FakeXhr.sent[0]?.body?.get('latitude')).toBe(String(DEFAULT_LOCATION.latitude))
  })

  it('takes the place the citizen shows on the map when the position was refused', async () => {
    const user = userEvent.setup()
    stubPageApi()
    stubGeolocation((_, failed) => failed({ code: 1, message: 'User denied Geolocation' }))
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Lampadaire éteint depuis une semaine')
    await user.click(await liveMap(user))
    expect(screen.queryByRole('button', { name: 'Confirmer ce point' })).not.toBeInTheDocument()
    await user.click(submitButton())
    await screen.findByRole('heading', { name: 'Merci\u202f! Votre signalement est envoyé' })
    expect(FakeXhr.sent[0]?.body?.get('latitude')).toBe('14.7106')
  })

  it('refuses coordinates out of range', async () => {
    const user = userEvent.setup()
    stubPageApi()
    stubGeolocation((_, failed) => failed({ code: 2, message: 'Position unavailable' }))
    useLocationStore.setState({ location: { ...DEFAULT_LOCATION, latitude: 999 } })
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Lampadaire éteint depuis une semaine')
    await user.click(submitButton())
    expect(await screen.findByText('La position du signalement n’est pas valide.')).toBeInTheDocument()
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it('takes a voice note alone as a complete report, recorded at a low bitrate', async () => {
    const user = userEvent.setup()
    stubPageApi()
    const { recorderOptions } = stubMicrophone()
    renderRoute('/signaler')
    await chooseCategory(user, 'Propreté')
    await user.click(screen.getByRole('button', { name: 'Enregistrer une note vocale' }))
    expect(await screen.findByText('Enregistrement en cours')).toBeInTheDocument()
    expect(screen.getByText('0:00 / 2:00')).toBeInTheDocument()
    expect(recorderOptions).toEqual([{ mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 24_000 }])
    await user.click(screen.getByRole('button', { name: 'Arrêter' }))
    expect(await screen.findByLabelText('Écouter la note vocale')).toHaveAttribute('src', 'blob:preview')
    expect(screen.getByText(/^Note vocale : 0:0\d, 10 o$/)).toBeInTheDocument()
    expect(screen.getByText(/^Taille de l’envoi : /)).toBeInTheDocument()

    await user.click(submitButton())
    await screen.findByRole('heading', { name: 'Merci\u202f! Votre signalement est envoyé' })
    const audio = FakeXhr.sent[0]?.body?.get('audio') as File
    expect(audio.name).toBe('note-vocale.webm')
    expect(audio.type).toBe('audio/webm')
    expect(FakeXhr.sent[0]?.body?.get('description')).toBe('')
  })

  it('deletes a voice note, and then asks for a description again', async () => {
    const user = userEvent.setup()
    stubPageApi()
    stubMicrophone()
    renderRoute('/signaler')
    await chooseCategory(user)
    await user.click(screen.getByRole('button', { name: 'Enregistrer une note vocale' }))
    await user.click(await screen.findByRole('button', { name: 'Arrêter' }))
    await user.click(await screen.findByRole('button', { name: 'Supprimer la note vocale' }))
    expect(screen.queryByLabelText('Écouter la note vocale')).not.toBeInTheDocument()
    await user.click(submitButton())
    expect(
      await screen.findByText(
        'Décrivez le problème en au moins 10 caractères, ou enregistrez une note vocale.',
      ),
    ).toBeInTheDocument()
  })

  it('says plainly when the microphone is refused', async () => {
    const user = userEvent.setup()
    stubPageApi()
    stubMicrophone(
      vi.fn(async () => {
        throw new DOMException('Permission denied', 'NotAllowedError')
      }),
    )
    renderRoute('/signaler')
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une note vocale' }))
    expect(await screen.findByText(/L’accès au micro a été refusé\./)).toBeInTheDocument()
  })

  it('says when the device has no microphone', async () => {
    const user = userEvent.setup()
    stubPageApi()
    stubMicrophone(
      vi.fn(async () => {
        throw new DOMException('Requested device not found', 'NotFoundError')
      }),
    )
    renderRoute('/signaler')
    await user.click(await screen.findByRole('button', { name: 'Enregistrer une note vocale' }))
    expect(await screen.findByText(/Aucun micro n’a été trouvé sur cet appareil\./)).toBeInTheDocument()
  })

  it('shows the compressed photo with its size, and removes it', async () => {
    const user = userEvent.setup()
    stubPageApi()
    renderRoute('/signaler')
    const photo = new File([new Uint8Array(4 * 1024 * 1024)], 'IMG_0001.jpg', { type: 'image/jpeg' })
    await user.upload(await screen.findByTestId('photo-camera-input'), photo)
    expect(await screen.findByRole('img', { name: 'Aperçu de la photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    )
    expect(screen.getByText('Photo prête : 245 Ko (au lieu de 4 Mo)')).toBeInTheDocument()
    expect(screen.getByText(/^Taille de l’envoi : 2\d\d Ko$/)).toBeInTheDocument()
    expect(screen.getByTestId('photo-camera-input')).toHaveAttribute('capture', 'environment')
    expect(screen.getByTestId('photo-gallery-input')).not.toHaveAttribute('capture')

    await user.click(screen.getByRole('button', { name: 'Retirer la photo' }))
    expect(screen.queryByRole('img', { name: 'Aperçu de la photo' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Prendre une photo' })).toBeInTheDocument()
  })

  it('says only the size of a photo sent as it was (nothing to compress)', async () => {
    const user = userEvent.setup()
    stubPageApi()
    vi.mocked(compressPhoto).mockImplementationOnce(async (file: Blob) => ({
      blob: file,
      width: 800,
      height: 600,
      originalBytes: file.size,
    }))
    renderRoute('/signaler')
    const photo = new File([new Uint8Array(158 * 1024)], 'petite.jpg', { type: 'image/jpeg' })
    await user.upload(await screen.findByTestId('photo-camera-input'), photo)
    await screen.findByRole('img', { name: 'Aperçu de la photo' })
    expect(screen.getByText('Photo prête : 158 Ko')).toBeInTheDocument()
    expect(screen.queryByText(/au lieu de/)).toBeNull()
  })

  it('sends the report with its photo and the token the phone minted, shows the code large, and keeps the token', async () => {
    const user = userEvent.setup()
    stubPageApi()
    // The server takes the token the device sends and answers with it.
    FakeXhr.respond = (request) => ({
      status: 201,
      body: { ...CREATED, citizenToken: request.headers['x-citizen-token'] },
    })
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Nid-de-poule profond devant l’école')
    await write(user, 'Adresse', 'Rue 10, Médina')
    await user.upload(
      screen.getByTestId('photo-gallery-input'),
      new File([new Uint8Array(1000)], 'photo.jpg', { type: 'image/jpeg' }),
    )
    await screen.findByRole('img', { name: 'Aperçu de la photo' })
    await user.click(submitButton())

    expect(
      await screen.findByRole('heading', { name: 'Merci\u202f! Votre signalement est envoyé' }),
    ).toHaveFocus()
    expect(screen.getByTestId('anonymous-code')).toHaveTextContent('7KQ2M9XD')
    expect(screen.getByText('7 K Q 2 M 9 X D')).toHaveClass('sr-only')
    expect(screen.getByRole('link', { name: 'Voir mes signalements' })).toHaveAttribute(
      'href',
      '/mes-signalements',
    )
    const [request] = FakeXhr.sent
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/api/reports')
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/)
    const minted = request?.headers['x-citizen-token']
    expect(minted).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(useCitizenDeviceStore.getState().citizenToken).toBe(minted)
    expect(JSON.parse(localStorage.getItem('citizen-device-storage') ?? '{}').state.citizenToken).toBe(minted)
    const form = request?.body ?? new FormData()
    expect(form.get('address')).toBe('Rue 10, Médina')
    expect(form.get('department')).toBe('Dakar')
    expect(form.get('latitude')).toBe('14.6928')
    expect(form.get('longitude')).toBe('-17.4467')
    expect((form.get('photo') as File).name).toBe('photo.webp')
    expect(form.get('audio')).toBeNull()

    // Another report starts from an empty form.
    await user.click(screen.getByRole('button', { name: 'Signaler un autre problème' }))
    expect(await screen.findByLabelText('Description')).toHaveValue('')
  })

  it('copies the code and says so', async () => {
    const user = userEvent.setup()
    stubPageApi()
    renderRoute('/signaler')
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    await chooseCategory(user)
    await write(user, 'Description', 'Caniveau bouché depuis la pluie')
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'Copier le code' }))
    expect(writeText).toHaveBeenCalledWith('7KQ2M9XD')
    expect(await screen.findByText('Code copié')).toBeInTheDocument()
  })

  it('sends the device token it has, and shows the upload progress', async () => {
    const user = userEvent.setup()
    stubPageApi()
    useCitizenDeviceStore.setState({ citizenToken: CREATED.citizenToken })
    let answer: () => void = () => {}
    FakeXhr.respond = () =>
      new Promise((resolve) => {
        answer = () => resolve({ status: 201, body: CREATED })
      })
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Lampadaire éteint depuis une semaine')
    await user.click(submitButton())
    expect(await screen.findByRole('progressbar', { name: 'Envoi du signalement' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    )
    expect(screen.getByText('Envoi : 50 %')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Envoi en cours...' })).toBeDisabled()
    act(() => answer())
    await screen.findByRole('heading', { name: 'Merci\u202f! Votre signalement est envoyé' })
    expect(FakeXhr.sent[0]?.headers['x-citizen-token']).toBe(CREATED.citizenToken)
  })

  it('shows a server error as a toast and next to its field, and keeps the same key for the retry', async () => {
    const user = userEvent.setup()
    stubPageApi()
    const message = 'Choisissez une catégorie dans la liste.'
    FakeXhr.respond = () => ({
      status: 400,
      body: { error: { code: 'invalid_input', message, field: 'categoryId' } },
    })
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Lampadaire éteint depuis une semaine')
    await user.click(submitButton())
    expect(await screen.findByText('Erreur')).toBeInTheDocument()
    expect(await screen.findAllByText(message)).toHaveLength(2)

    FakeXhr.respond = () => ({ status: 201, body: CREATED })
    await user.click(submitButton())
    await screen.findByRole('heading', { name: 'Merci\u202f! Votre signalement est envoyé' })
    const keys = FakeXhr.sent.map((request) => request.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(new Set(keys).size).toBe(1)
  })

  it('keeps the report on the phone, photo included, under the same key, when the connection drops', async () => {
    const user = userEvent.setup()
    stubPageApi()
    FakeXhr.respond = () => 'network-error'
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Lampadaire éteint depuis une semaine')
    await user.upload(
      screen.getByTestId('photo-gallery-input'),
      new File([new Uint8Array(1000)], 'photo.jpg', { type: 'image/jpeg' }),
    )
    await screen.findByRole('img', { name: 'Aperçu de la photo' })
    await user.click(submitButton())
    await screen.findByRole('heading', {
      name: 'Pas de réseau\u202f: votre signalement est gardé sur ce téléphone',
    })
    const queued = await queuedReports()
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      key: FakeXhr.sent[0]?.headers['idempotency-key'],
      state: 'waiting',
      fields: {
        categoryName: 'Voirie',
        description: 'Lampadaire éteint depuis une semaine',
        department: 'Dakar',
      },
      // The compressed photo (WebP), not the original.
      photo: { name: 'photo.webp' },
    })
  })

  it('does not even try without a network: the report waits on the phone', async () => {
    const user = userEvent.setup()
    stubPageApi()
    // Back online after the test: the set-up restores every mock.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Dépôt d’ordures devant le marché')
    await user.click(submitButton())
    await screen.findByRole('heading', {
      name: 'Pas de réseau\u202f: votre signalement est gardé sur ce téléphone',
    })
    expect(FakeXhr.sent).toHaveLength(0)
    const queued = await queuedReports()
    expect(queued.map((report) => report.fields.description)).toEqual(['Dépôt d’ordures devant le marché'])
  })

  it('forgets a device token the server does not know, so that the retry gets a new one', async () => {
    const user = userEvent.setup()
    stubPageApi()
    useCitizenDeviceStore.setState({ citizenToken: 'A'.repeat(43) })
    const message = 'Cet appareil n’est pas reconnu. Réessayez : un nouvel identifiant lui sera attribué.'
    FakeXhr.respond = () => ({ status: 401, body: { error: { code: 'not_authenticated', message } } })
    renderRoute('/signaler')
    await chooseCategory(user)
    await write(user, 'Description', 'Lampadaire éteint depuis une semaine')
    await user.click(submitButton())
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(useCitizenDeviceStore.getState().citizenToken).toBeNull()
  })
})

describe('/signaler, "Moi aussi"', FORM_TEST, () => {
  const NEARBY = {
    id: 'n-1',
    type: 'Voirie',
    description: 'Nid-de-poule profond devant la boulangerie',
    status: 'en-attente',
    address: 'Rue 10, Médina',
    created_at: '2026-11-20T09:30:00Z',
    distance_m: 42,
    supporters_count: 3,
    this_device: null,
  }

  it('offers the open reports of the category nearby, and supports one instead of filing a duplicate', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      'GET /api/categories': { status: 200, body: CATEGORIES },
      'GET /api/geocode/reverse': { status: 503, body: unavailable() },
      'GET /api/reports/nearby': { status: 200, body: { items: [NEARBY] } },
      'POST /api/reports/n-1/supports': (call) => ({
        status: 201,
        body: { citizenToken: call.headers.get('x-citizen-token'), report_id: 'n-1', supporters_count: 4 },
      }),
    })
    renderRoute('/signaler')
    // Nothing is asked before a category is chosen.
    await screen.findByRole('radio', { name: 'Voirie' })
    expect(api.callsTo('GET', '/api/reports/nearby')).toHaveLength(0)
    await chooseCategory(user)
    const section = await screen.findByRole('region', {
      name: 'Moi aussi\u202f: est-ce le même problème\u202f?',
    })
    expect(api.callsTo('GET', '/api/reports/nearby')[0]?.search.get('categoryId')).toBe('1')
    expect(within(section).getByText('À 42 m · Rue 10, Médina')).toBeInTheDocument()
    expect(within(section).getByText('3 soutiens')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'C’est le même problème' }))
    await screen.findByRole('heading', { name: 'Merci\u202f! Vous soutenez ce signalement' })
    expect(screen.getByText(/4 habitants le soutiennent maintenant/)).toBeInTheDocument()
    // Under the token this phone minted, which it keeps once the server has it.
    const minted = api.callsTo('POST', '/api/reports/n-1/supports')[0]?.headers.get('x-citizen-token')
    expect(minted).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(useCitizenDeviceStore.getState().citizenToken).toBe(minted)
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it('says which nearby report is already this device’s own', async () => {
    const user = userEvent.setup()
    stubApi({
      'GET /api/categories': { status: 200, body: CATEGORIES },
      'GET /api/geocode/reverse': { status: 503, body: unavailable() },
      'GET /api/reports/nearby': { status: 200, body: { items: [{ ...NEARBY, this_device: 'reporter' }] } },
    })
    renderRoute('/signaler')
    await chooseCategory(user)
    await screen.findByText('Vous avez envoyé ce signalement')
    expect(screen.queryByRole('button', { name: 'C’est le même problème' })).not.toBeInTheDocument()
  })
})
