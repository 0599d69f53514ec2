import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { CITIZEN_TOKEN_HEADER, STORE_NAMES } from '../../domain/constants'

/**
 * This device's identity towards the server: a random secret the phone mints itself (256 bits)
 * and sends with its first report, follow or support. No name, no phone number; the server keeps
 * only its hash and never sends a token to anyone who does not already hold it. Devices from
 * before kept the token the server gave them.
 */
export interface CitizenDeviceState {
  /** The token the server knows this device by: it took a report, a follow or a support with it. */
  citizenToken: string | null
  /** Minted on this phone for its first report, follow or support, until the server has taken it. */
  mintedToken: string | null
  /** The server took a report, a follow or a support under this token. */
  setCitizenToken: (token: string) => void
  /** Forgets a token the server refused; the next report goes under a new one. */
  forgetCitizenToken: () => void
  /** The language the server writes this phone's notifications in (null: none asked for). */
  pushLanguage: string | null
  setPushLanguage: (language: string | null) => void
}

export const useCitizenDeviceStore = create<CitizenDeviceState>()(
  persist(
    (set) => ({
      citizenToken: null,
      mintedToken: null,
      setCitizenToken: (token) => {
        if (token) set({ citizenToken: token, mintedToken: null })
      },
      forgetCitizenToken: () => set({ citizenToken: null, mintedToken: null }),
      pushLanguage: null,
      setPushLanguage: (language) => set({ pushLanguage: language }),
    }),
    {
      name: STORE_NAMES.citizenDevice,
      version: 1,
      partialize: (state) => ({
        citizenToken: state.citizenToken,
        mintedToken: state.mintedToken,
        pushLanguage: state.pushLanguage,
      }),
    },
  ),
)

/** The token the service worker sends queued reports of old versions under (they carry none). */
export function tokenForWorker(
  state: Pick<CitizenDeviceState, 'citizenToken' | 'mintedToken'>,
): string | null {
  return state.citizenToken ?? state.mintedToken
}

/** The header that identifies this device to the server, when it has a token. */
export function citizenHeaders(token: string | null): Record<string, string> {
  return token ? { [CITIZEN_TOKEN_HEADER]: token } : {}
}
