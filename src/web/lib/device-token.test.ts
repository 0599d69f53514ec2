import { beforeEach, describe, expect, it } from 'vitest'
import { STORE_NAMES } from '../../domain/constants'
import { useCitizenDeviceStore } from './citizen-device'
import { mintCitizenToken, tokenToSend } from './device-token'

beforeEach(() => {
  useCitizenDeviceStore.setState({ citizenToken: null, mintedToken: null })
})

describe('the device’s token', () => {
  it('is minted on the phone: 43 base64url characters, a new one each time', () => {
    const minted = new Set(Array.from({ length: 200 }, mintCitizenToken))
    expect(minted.size).toBe(200)
    for (const token of minted) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('is minted once by a phone that never filed, kept across a reload, and sent until the server takes it', () => {
    const first = tokenToSend()
    expect(tokenToSend()).toBe(first)
    expect(JSON.parse(localStorage.getItem(STORE_NAMES.citizenDevice) ?? '{}').state.mintedToken).toBe(first)
    // Reads of "Mes signalements" wait until the server knows it.
    expect(useCitizenDeviceStore.getState().citizenToken).toBeNull()
    useCitizenDeviceStore.getState().setCitizenToken(first)
    expect(useCitizenDeviceStore.getState()).toMatchObject({ citizenToken: first, mintedToken: null })
    expect(tokenToSend()).toBe(first)
  })

  it('keeps the token a device already had', () => {
    const issued = 'K'.repeat(43)
    useCitizenDeviceStore.setState({ citizenToken: issued })
    expect(tokenToSend()).toBe(issued)
    expect(useCitizenDeviceStore.getState().mintedToken).toBeNull()
  })
})
