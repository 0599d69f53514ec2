import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, stubApi } from '../test/api-stub'
import { ApiError, apiGet, isExpectedAnswer, logApiFailure } from './api-client'
import { createQueryClient } from './query-client'
import { reverseGeocodeQueryOptions } from './reverse-geocode'

afterEach(() => vi.restoreAllMocks())

function consoleSpies() {
  return {
    errors: vi.spyOn(console, 'error').mockImplementation(() => {}),
    debugs: vi.spyOn(console, 'debug').mockImplementation(() => {}),
  }
}

describe('logApiFailure', () => {
  it('keeps refusals and a service turned off out of the console’s errors, and real failures in', () => {
    const { errors, debugs } = consoleSpies()
    const refusals = [
      new ApiError('not_authenticated', 'Nom d’utilisateur ou mot de passe incorrect', 401),
      new ApiError('not_found', 'Ressource introuvable', 404),
      new ApiError('too_many_requests', 'Trop de requêtes.', 429),
      new ApiError(
        'unavailable',
        'Le service d’adresses ne répond pas.',
        503,
        undefined,
        'geocoding.unavailable',
      ),
    ]
    for (const refusal of refusals) logApiFailure('échec', refusal)
    expect(errors).not.toHaveBeenCalled()
    expect(debugs).toHaveBeenCalledTimes(refusals.length)

    const failures = [
      new ApiError('network_error', 'Pas de réseau', 0),
      new ApiError('internal', 'Une erreur interne est survenue.', 500),
      new ApiError('database_unavailable', 'La base de données ne répond pas.', 503),
      new ApiError('http_error', 'Réponse inattendue', 502),
      new TypeError('x is undefined'),
    ]
    for (const failure of failures) logApiFailure('échec', failure)
    expect(errors).toHaveBeenCalledTimes(failures.length)
    expect(failures.map(isExpectedAnswer)).toEqual(failures.map(() => false))
  })
})

describe('a failed read of the query client', () => {
  it('is no console error when geocoding is off (503) or a report is unknown (404), but is one on a 500', async () => {
    const { errors } = consoleSpies()
    stubApi({
      'GET /api/geocode/reverse': apiError(503, 'unavailable', 'Le service d’adresses ne répond pas.'),
      'GET /api/reports/track/ABCD2345': apiError(404, 'not_found', 'Ressource introuvable'),
      'GET /api/reports/count': apiError(500, 'internal', 'Une erreur interne est survenue.'),
    })
    const client = createQueryClient({ retry: false })
    const place = reverseGeocodeQueryOptions({ latitude: 14.6928, longitude: -17.4467 })
    await expect(client.fetchQuery(place)).rejects.toMatchObject({ status: 503 })
    await expect(
      client.fetchQuery({ queryKey: ['track'], queryFn: () => apiGet('/api/reports/track/ABCD2345') }),
    ).rejects.toMatchObject({ status: 404 })
    expect(errors).not.toHaveBeenCalled()

    await expect(
      client.fetchQuery({ queryKey: ['count'], queryFn: () => apiGet('/api/reports/count') }),
    ).rejects.toMatchObject({ status: 500 })
    expect(errors).toHaveBeenCalledWith('Échec du chargement', ['count'], expect.any(ApiError))
  })
})

describe('a failed read of a query whose key holds a secret', () => {
  it('names the query in the console without this device’s token or a report’s code', async () => {
    const { errors } = consoleSpies()
    const token = 'nlNetEeQ-KL__N0lRXSZOZPBsw4jracu7kpBBYCbFSg'
    stubApi({
      'GET /api/citizen/reports': apiError(
        0,
        'network_error',
        'Erreur de connexion. Vérifiez votre internet.',
      ),
      'GET /api/reports/track/ABCD2345': apiError(0, 'network_error', 'Erreur de connexion.'),
    })
    const client = createQueryClient({ retry: false })
    const offline = (queryKey: unknown[], path: string) =>
      client.fetchQuery({ queryKey, queryFn: () => apiGet(path) }).catch(() => undefined)
    await offline(['reports', 'nearby', 3, '14.69', '-17.44', token], '/api/citizen/reports')
    await offline(['citizen', 'reports', token], '/api/citizen/reports')
    await offline(['reports', 'track', 'ABCD2345'], '/api/reports/track/ABCD2345')
    const printed = errors.mock.calls.map((call) => JSON.stringify(call.slice(0, 2)))
    expect(printed).toEqual([
      '["Échec du chargement",["reports","nearby"]]',
      '["Échec du chargement",["citizen","reports"]]',
      '["Échec du chargement",["reports","track"]]',
    ])
    expect(printed.join(' ')).not.toContain(token)
  })
})
