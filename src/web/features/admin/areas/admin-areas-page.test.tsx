import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminArea, AdminAreas } from '../../../../domain/area'
import { BOUNDARY_FILE_MAX_BYTES, readCommuneBoundaries } from '../../../../domain/area-boundaries'
import { AREA_RECOUNT_POLL_MS } from '../../../../domain/area-rules'
import { COMMUNES } from '../../../../domain/communes'
import { type Answer, apiError, stubApi } from '../../../test/api-stub'
import { renderRoute } from '../../../test/render-route'
import { signInAsAdmin } from '../../../test/sessions'

// Leaflet draws nothing in jsdom: the map stands in as the list of what it would draw (the browser
// test, e2e/zones-import.spec.ts, draws the real one).
vi.mock('./communes-map', () => ({
  default: ({ areas }: { areas: AdminArea[] }) => (
    <ul data-testid="communes-map">
      {areas.map((area) => (
        <li key={area.id}>{`${area.name}: ${area.boundary ? 'limites' : `cercle de ${area.radius_m} m`}`}</li>
      ))}
    </ul>
  ),
}))

const MEDINA_ID = 3
const MEDINA_LIMITS = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [-17.4505, 14.677],
        [-17.4465, 14.677],
        [-17.4465, 14.681],
        [-17.4505, 14.681],
        [-17.4505, 14.677],
      ],
    ],
  ],
}

/** The communes as GET /api/admin/areas gives them; Médina with imported limits when asked. */
function adminAreas({ medinaImported = false, recounting = false } = {}): AdminAreas {
  return {
    items: COMMUNES.map((commune, index) => {
      const imported = medinaImported && index + 1 === MEDINA_ID
      return {
        id: index + 1,
        name: commune.name,
        arrondissement: commune.arrondissement,
        latitude: commune.latitude,
        longitude: commune.longitude,
        radius_m: commune.radiusM,
        boundary: imported ? MEDINA_LIMITS : null,
        boundary_imported_at: imported ? '2026-11-28T10:00:00.000Z' : null,
      }
    }),
    recounting,
  }
}

const FEATURE_COLLECTION = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Médina' },
      geometry: { type: 'Polygon', coordinates: MEDINA_LIMITS.coordinates[0] },
    },
  ],
}

const geojsonFile = (content: string, name = 'communes.geojson') =>
  new File([content], name, { type: 'application/geo+json' })

function openZones(replies: Record<string, Answer> = {}) {
  const stub = stubApi({ 'GET /api/admin/areas': { status: 200, body: adminAreas() }, ...replies })
  renderRoute('/admin/zones')
  return stub
}

beforeEach(() => signInAsAdmin())

// The screen's code is loaded once for the file (the admin frame, the screen, its texts), so that
// the tests time what the screen does rather than Vite's first transform of its modules.
beforeAll(async () => {
  signInAsAdmin()
  stubApi({ 'GET /api/admin/areas': { status: 200, body: adminAreas() } })
  const page = renderRoute('/admin/zones')
  await screen.findByRole('table', { name: 'Liste des communes' }, { timeout: 60_000 })
  page.unmount()
}, 60_000)

describe('Admin zones', { timeout: 15_000 }, () => {
  it('shows the communes on the map and in the list, each with its source', async () => {
    openZones({ 'GET /api/admin/areas': { status: 200, body: adminAreas({ medinaImported: true }) } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Zones' })).toBeInTheDocument()
    const map = within(screen.getByRole('region', { name: 'Carte des communes' }))
    expect(await map.findByText('Médina: limites')).toBeInTheDocument()
    expect(map.getByText('Gorée: cercle de 150 m')).toBeInTheDocument()

    const table = screen.getByRole('table', { name: 'Liste des communes' })
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(19)
    const medina = within(table).getByRole('row', { name: /Médina/ })
    expect(medina).toHaveTextContent('Dakar-Plateau')
    expect(medina).toHaveTextContent('Limites importées le 28 novembre 2026')
    expect(within(table).getByRole('row', { name: /Gorée/ })).toHaveTextContent('Approximation par le centre')
    expect(screen.queryByText('Communes des signalements en cours de mise à jour…')).not.toBeInTheDocument()
    // Where limits come from, and their licence.
    expect(screen.getByText(/limites administratives d’OpenStreetMap/)).toBeInTheDocument()
    expect(screen.getByText(/sous licence ODbL/)).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Zones | Administration'))
  })

  it('imports a GeoJSON file: its toast, and the communes read again', async () => {
    let imported = false
    const { callsTo } = openZones({
      'GET /api/admin/areas': () => ({
        status: 200,
        body: adminAreas({ medinaImported: imported, recounting: imported }),
      }),
      'PUT /api/admin/areas': () => {
        imported = true
        return { status: 200, body: { updated: 1 } }
      },
    })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Liste des communes' })
    await user.upload(
      screen.getByLabelText('Fichier GeoJSON des limites'),
      geojsonFile(JSON.stringify(FEATURE_COLLECTION)),
    )
    await user.click(screen.getByRole('button', { name: 'Importer' }))

    expect(await screen.findByText('Limites importées pour 1 commune')).toBeInTheDocument()
    expect(callsTo('PUT', '/api/admin/areas')[0]?.body).toEqual(FEATURE_COLLECTION)
    const medina = within(screen.getByRole('table')).getByRole('row', { name: /Médina/ })
    await waitFor(() => expect(medina).toHaveTextContent('Limites importées le 28 novembre 2026'))
    expect(screen.getByText('Communes des signalements en cours de mise à jour…')).toBeInTheDocument()
  })

  it('says "communes" of more than one', async () => {
    openZones({ 'PUT /api/admin/areas': { status: 200, body: { updated: 19 } } })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Liste des communes' })
    await user.upload(screen.getByLabelText('Fichier GeoJSON des limites'), geojsonFile('{}'))
    await user.click(screen.getByRole('button', { name: 'Importer' }))
    expect(await screen.findByText('Limites importées pour 19 communes')).toBeInTheDocument()
  })

  it('shows the server’s refusal under the field', async () => {
    // The server's own words for a feature named after no commune.
    const paris = { ...FEATURE_COLLECTION.features[0], properties: { name: 'Paris' } }
    const read = readCommuneBoundaries({ type: 'FeatureCollection', features: [paris] })
    const message = read.ok ? '' : read.problem
    expect(message).toMatch(/^Élément 1 \(«\u202fParis\u202f»\)/)
    openZones({ 'PUT /api/admin/areas': apiError(400, 'invalid_input', message) })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Liste des communes' })
    await user.upload(
      screen.getByLabelText('Fichier GeoJSON des limites'),
      geojsonFile(JSON.stringify(FEATURE_COLLECTION)),
    )
    await user.click(screen.getByRole('button', { name: 'Importer' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message.replaceAll('\u202f', ' '))
    expect(screen.getByLabelText('Fichier GeoJSON des limites')).toHaveAttribute('aria-invalid', 'true')
  })

  it('refuses a file over 5 MB before sending it, in the server’s words', async () => {
    const { callsTo } = openZones()
    const user = userEvent.setup()
    await screen.findByRole('table', { name: 'Liste des communes' })
    // The limits the server holds a file to, told beforehand.
    expect(screen.getByLabelText('Fichier GeoJSON des limites')).toHaveAccessibleDescription(
      /\(5 Mo et 50\s000 points au plus\)/,
    )
    const large = geojsonFile('{}')
    Object.defineProperty(large, 'size', { value: BOUNDARY_FILE_MAX_BYTES + 1 })
    await user.upload(screen.getByLabelText('Fichier GeoJSON des limites'), large)
    expect(await screen.findByRole('alert')).toHaveTextContent('Le fichier de limites dépasse 5 Mo.')
    await user.click(screen.getByRole('button', { name: 'Importer' }))
    expect(callsTo('PUT', '/api/admin/areas')).toHaveLength(0)
  })

  it('says while the reports’ communes are recounted, and asks again until they are', async () => {
    let asked = 0
    // The clock moved by hand: the poll's 3 s pass at once, whatever the machine's load.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    openZones({
      'GET /api/admin/areas': () => {
        asked += 1
        return { status: 200, body: adminAreas({ medinaImported: true, recounting: asked < 2 }) }
      },
    })
    const notice = await screen.findByText('Communes des signalements en cours de mise à jour…')
    expect(notice).toHaveAttribute('role', 'status')
    // Asked again 3 s later: the recount is over, and the notice goes.
    await vi.advanceTimersByTimeAsync(AREA_RECOUNT_POLL_MS)
    await waitFor(() => expect(notice).not.toBeInTheDocument())
    expect(asked).toBe(2)
  })
})
