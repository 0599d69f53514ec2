// The token a device sends with a report, a follow or a support: apart from the device's store,
// so that only the screens that send one download the minting.
import { useCitizenDeviceStore } from './citizen-device'

/** 32 bytes from the browser's secure random source, base64url: the 43 characters the server expects. */
export function mintCitizenToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * The token to send with a report, a follow or a support: the one the server knows, else this
 * phone's own, minted once and kept (and sent again) until the server has taken it.
 */
export function tokenToSend(): string {
  const { citizenToken, mintedToken } = useCitizenDeviceStore.getState()
  if (citizenToken) return citizenToken
  if (mintedToken) return mintedToken
  const minted = mintCitizenToken()
  useCitizenDeviceStore.setState({ mintedToken: minted })
  return minted
}
