import { describe, expect, it } from 'vitest'
import { normalizePhoneNumber, phoneNumberForDisplay } from './phone-numbers'
import { keywordOf, SMS_ALLOWED_COUNTRY_CODES_DEFAULT, smsCodeMayGoTo } from './sms-rules'

describe('keywords', () => {
  it('are read whatever their case and accents', () => {
    expect(keywordOf('Arrêt')).toEqual({ kind: 'stop' })
    expect(keywordOf(' stop ')).toEqual({ kind: 'stop' })
    expect(keywordOf('aide')).toEqual({ kind: 'help' })
    expect(keywordOf('Reprendre')).toEqual({ kind: 'resume' })
    expect(keywordOf('ANNULER')).toEqual({ kind: 'cancel' })
    expect(keywordOf('Wolof')).toEqual({ kind: 'language', language: 'wo' })
    expect(keywordOf('français')).toEqual({ kind: 'language', language: 'fr' })
    expect(keywordOf('english')).toEqual({ kind: 'language', language: 'en' })
    expect(keywordOf('suivi 7kq2 m9xd')).toEqual({ kind: 'track', code: '7KQ2M9XD' })
  })

  it('only as the whole message: inside a description they are words', () => {
    expect(keywordOf('Le feu ne marche plus, stop au carrefour')).toBeNull()
    expect(keywordOf('suivi')).toBeNull()
    expect(keywordOf('Panneau stop tombé au carrefour')).toBeNull()
    expect(keywordOf('Suivi des travaux de la rue 10 : le trou est revenu')).toBeNull()
    expect(keywordOf('SUIVI 7KQ2M9XD')).toEqual({ kind: 'track', code: '7KQ2M9XD' })
  })
})

describe('phone numbers', () => {
  it.each([
    ['77 123 45 67', '+221771234567'],
    ['771234567', '+221771234567'],
    ['+221 77 123 45 67', '+221771234567'],
    ['00221 76-123-45-67', '+221761234567'],
    ['33 821 00 00', '+221338210000'],
    ['+221 71 234 56 78', '+221712345678'],
    ['30 100 20 30', '+221301002030'],
    ['+33612345678', '+33612345678'],
  ])('%s is %s', (raw, e164) => {
    expect(normalizePhoneNumber(raw)).toBe(e164)
  })

  it.each(['12345', '+221 12 345 67 89', 'numéro', '+2217712345'])('%s is no number', (raw) => {
    expect(normalizePhoneNumber(raw)).toBeNull()
  })
})

describe('a number shown', () => {
  it('reads as people in Senegal write it, and another country’s as it is', () => {
    expect(phoneNumberForDisplay('+221338000000')).toBe('33 800 00 00')
    expect(phoneNumberForDisplay('+221771234567')).toBe('77 123 45 67')
    expect(phoneNumberForDisplay('+33612345678')).toBe('+33612345678')
  })
})

describe('where a confirmation code may go', () => {
  it('is a Senegalese mobile by default, and the countries listed besides', () => {
    const senegal = SMS_ALLOWED_COUNTRY_CODES_DEFAULT
    expect(smsCodeMayGoTo('+221771234567', senegal)).toBe(true)
    expect(smsCodeMayGoTo('+221701234567', senegal)).toBe(true)
    // A fixed line, an international or premium range, another country.
    for (const number of ['+221338001234', '+882135551234', '+447700900123', '+2237612345'])
      expect(smsCodeMayGoTo(number, senegal), number).toBe(false)
    expect(smsCodeMayGoTo('+447700900123', ['221', '44'])).toBe(true)
    expect(smsCodeMayGoTo('+221338001234', ['221', '44'])).toBe(false)
  })
})
