import { describe, expect, it } from 'vitest'
import { readSettings } from './config'

describe('readSettings', () => {
  it('uses the documented defaults', () => {
    const config = readSettings({})
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toMatch(/\/data$/)
    expect(config.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    expect(config.geocoderUrl).toBe('https://nominatim.openstreetmap.org')
    expect(config.trustProxy).toEqual(['loopback'])
    expect(config.redisUrl).toBeUndefined()
    expect(config.contactEmail).toBe('contact@alertes-urbaines.sn')
  })

  it('takes CONTACT_EMAIL as the contact address, and stops on one that is not an e-mail address', () => {
    expect(readSettings({ CONTACT_EMAIL: 'ecrire@mairie-dakar.sn' }).contactEmail).toBe(
      'ecrire@mairie-dakar.sn',
    )
    expect(readSettings({ CONTACT_EMAIL: '' }).contactEmail).toBe('contact@alertes-urbaines.sn')
    expect(() => readSettings({ CONTACT_EMAIL: 'mairie-dakar.sn' })).toThrow(
      'Configuration invalide : CONTACT_EMAIL doit être une adresse e-mail (par exemple contact@mairie.sn) (valeur reçue : « mairie-dakar.sn »)',
    )
  })

  it('stops on a bad PORT with one line naming the variable', () => {
    expect(() => readSettings({ PORT: 'abc' })).toThrow(
      'Configuration invalide : PORT doit être un numéro de port entre 0 et 65535 (valeur reçue : « abc »)',
    )
    expect(() => readSettings({ PORT: '70000' })).toThrow(/PORT/)
  })

  it('requires a JWT_SECRET of 32 characters with a PostgreSQL server, without echoing secrets', () => {
    expect(() => readSettings({ DATABASE_URL: 'postgres://u:pw@db/x' })).toThrow(/JWT_SECRET est obligatoire/)
    let message = ''
    try {
      readSettings({ DATABASE_URL: 'postgres://u:pw@db/x', JWT_SECRET: 'short-secret' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('JWT_SECRET')
    expect(message).not.toContain('short-secret')
  })

  it('refuses a DATABASE_URL that is not a PostgreSQL address', () => {
    expect(() => readSettings({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
  })

  it('accepts an empty GEOCODER_URL to turn geocoding off', () => {
    expect(readSettings({ GEOCODER_URL: '' }).geocoderUrl).toBe('')
  })

  it('reads TRUST_PROXY as named ranges, addresses and CIDR ranges, or a number of proxies', () => {
    expect(readSettings({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ])
    expect(readSettings({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toEqual(['fd00::/8'])
    expect(readSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0', 'true']) {
      expect(() => readSettings({ TRUST_PROXY: bad })).toThrow(
        /^Configuration invalide\u202f: TRUST_PROXY doit être/,
      )
    }
  })

  it('takes a redis:// REDIS_URL, and never echoes it', () => {
    expect(readSettings({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379')
    let message = ''
    try {
      readSettings({ REDIS_URL: 'http://user:secret@cache' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('REDIS_URL doit commencer par redis://')
    expect(message).not.toContain('secret')
  })

  it('reads the Web Push settings: extra push services, both VAPID keys or none, never the private one echoed', () => {
    const config = readSettings({ PUSH_SERVICE_ORIGINS: 'http://127.0.0.1:4001, https://push.exemple.sn' })
    expect(config.pushServiceOrigins).toEqual(['http://127.0.0.1:4001', 'https://push.exemple.sn'])
    expect(config.vapidKeys).toBeUndefined()
    expect(config.vapidSubject).toBe(`mailto:${config.contactEmail}`)
    expect(() => readSettings({ PUSH_SERVICE_ORIGINS: 'https://push.exemple.sn/path' })).toThrow(
      /PUSH_SERVICE_ORIGINS doit être une liste d’origines/,
    )
    const publicKey = 'B'.repeat(87)
    expect(() => readSettings({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY est requise/)
    const privateKey = 'p'.repeat(43)
    expect(readSettings({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapidKeys).toEqual({
      publicKey,
      privateKey,
    })
    let message = ''
    try {
      readSettings({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'secret-but-too-short' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('VAPID_PRIVATE_KEY doit être une clé privée VAPID')
    expect(message).not.toContain('secret-but-too-short')
  })

  it('reads SMTP_URL with the public address its links lead to, never echoing it', () => {
    expect(readSettings({}).smtp).toBeUndefined()
    const origin = { PUBLIC_ORIGIN: 'https://alertes.example.sn' }
    expect(readSettings({ ...origin, SMTP_URL: 'smtp://awa:secret@smtp.example.sn:587' }).smtp).toEqual({
      url: 'smtp://awa:secret@smtp.example.sn:587',
      from: 'contact@alertes-urbaines.sn',
    })
    expect(
      readSettings({ ...origin, SMTP_URL: 'smtps://smtp.example.sn', SMTP_FROM: 'equipe@mairie.sn' }).smtp
        ?.from,
    ).toBe('equipe@mairie.sn')
    expect(() => readSettings({ SMTP_URL: 'smtp://smtp.example.sn' })).toThrow(
      /PUBLIC_ORIGIN est obligatoire/,
    )
    let message = ''
    try {
      readSettings({ ...origin, SMTP_URL: 'http://awa:secret@smtp.example.sn' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('SMTP_URL doit être une adresse smtp://')
    expect(message).not.toContain('secret')
  })

  it('reads the SMS channel: its five settings together or none, the number in E.164, no secret echoed', () => {
    expect(readSettings({}).sms).toBeUndefined()
    const sms = {
      PUBLIC_ORIGIN: 'https://alertes.example.sn',
      SMS_GATEWAY_URL: 'http://192.168.1.20:8080/',
      SMS_GATEWAY_USERNAME: 'sms',
      SMS_GATEWAY_PASSWORD: 'mot-de-passe-de-la-passerelle',
      SMS_WEBHOOK_SECRET: 'une-cle-de-signature-assez-longue',
      SMS_NUMBER: '77 123 45 67',
    }
    expect(readSettings(sms).sms).toEqual({
      gatewayUrl: 'http://192.168.1.20:8080',
      username: 'sms',
      password: 'mot-de-passe-de-la-passerelle',
      webhookSecret: 'une-cle-de-signature-assez-longue',
      number: '+221771234567',
      privacyKey: undefined,
      allowedCountryCodes: ['221'],
      codesPerHour: 100,
    })
    const { SMS_NUMBER: _number, ...withoutNumber } = sms
    expect(() => readSettings(withoutNumber)).toThrow(
      /SMS_NUMBER est requis quand SMS_GATEWAY_URL est défini \(les cinq réglages SMS, ou aucun\)$/,
    )
    expect(() => readSettings({ ...sms, SMS_NUMBER: '12' })).toThrow(
      /SMS_NUMBER doit être un numéro de téléphone/,
    )
    expect(() => readSettings({ ...sms, PUBLIC_ORIGIN: '' })).toThrow(/PUBLIC_ORIGIN est obligatoire/)
    expect(() =>
      readSettings({ ...sms, DATABASE_URL: 'postgres://db/alertes', JWT_SECRET: 'j'.repeat(32) }),
    ).toThrow(/SMS_PRIVACY_KEY est obligatoire/)
    let message = ''
    try {
      readSettings({ ...sms, SMS_WEBHOOK_SECRET: 'court-secret' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('SMS_WEBHOOK_SECRET doit faire au moins 16 caractères')
    expect(message).not.toContain('court-secret')
  })

  it('reads where confirmation codes may go and how many an hour, and stops on a bad value with one line naming it', () => {
    const sms = {
      PUBLIC_ORIGIN: 'https://alertes.example.sn',
      SMS_GATEWAY_URL: 'http://192.168.1.20:8080',
      SMS_GATEWAY_USERNAME: 'sms',
      SMS_GATEWAY_PASSWORD: 'mot-de-passe-de-la-passerelle',
      SMS_WEBHOOK_SECRET: 'une-cle-de-signature-assez-longue',
      SMS_NUMBER: '77 123 45 67',
    }
    expect(
      readSettings({ ...sms, SMS_ALLOWED_COUNTRY_CODES: '221, 223', SMS_CODES_PER_HOUR: '40' }).sms,
    ).toMatchObject({ allowedCountryCodes: ['221', '223'], codesPerHour: 40 })
    for (const bad of ['+221', 'sn', '221;223', '0221', '2210']) {
      expect(() => readSettings({ ...sms, SMS_ALLOWED_COUNTRY_CODES: bad })).toThrow(
        `Configuration invalide\u202f: SMS_ALLOWED_COUNTRY_CODES doit être une liste d’indicatifs de pays séparés par des virgules, sans + (par exemple 221 ou 221,223) (valeur reçue\u202f: «\u202f${bad}\u202f»)`,
      )
    }
    for (const bad of ['0', '-5', '2.5', 'cent']) {
      expect(() => readSettings({ ...sms, SMS_CODES_PER_HOUR: bad })).toThrow(
        `Configuration invalide\u202f: SMS_CODES_PER_HOUR doit être un nombre entier de codes par heure, 1 ou plus (valeur reçue\u202f: «\u202f${bad}\u202f»)`,
      )
    }
  })
})
