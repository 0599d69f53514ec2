import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toMatch(/\/data$/)
    expect(config.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    expect(config.geocoderUrl).toBe('https://nominatim.openstreetmap.org')
  })

  it('stops on a bad PORT with one line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'Configuration invalide : PORT doit être un numéro de port entre 0 et 65535 (valeur reçue : « abc »)',
    )
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/)
  })

  it('requires a JWT_SECRET of 32 characters with a PostgreSQL server, without echoing secrets', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:pw@db/x' })).toThrow(/JWT_SECRET est obligatoire/)
    let message = ''
    try {
      loadConfig({ DATABASE_URL: 'postgres://u:pw@db/x', JWT_SECRET: 'short-secret' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('JWT_SECRET')
    expect(message).not.toContain('short-secret')
  })

  it('refuses a DATABASE_URL that is not a PostgreSQL address', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
  })

  it('accepts an empty GEOCODER_URL to turn geocoding off', () => {
    expect(loadConfig({ GEOCODER_URL: '' }).geocoderUrl).toBe('')
  })
})
