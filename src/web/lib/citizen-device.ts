import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { CITIZEN_TOKEN_HEADER, STORE_NAMES } from '../../domain/constants'

/**
 * This device's identity towards the server: the token it received with its first report (or
 * when it followed a report by its code). No name, no phone number: only this random secret,
 * which the server keeps as a hash.
 */
export interface CitizenDeviceState {
  citizenToken: string | null
  setCitizenToken: (token: string) => void
  /** Forgets a token the server no longer knows; the next report gets a new one. */
  forgetCitizenToken: () => void
  /** The language the server writes this phone's notifications in (null: none asked for). */
  pushLanguage: string | null
  setPushLanguage: (language: string | null) => void
}

export const useCitizenDeviceStore = create<CitizenDeviceState>()(
  persist(
    (set) => ({
      citizenToken: null,
      setCitizenToken: (token) => {
        if (token) set({ citizenToken: token })
      },
      forgetCitizenToken: () => set({ citizenToken: null }),
      pushLanguage: null,
      setPushLanguage: (language) => set({ pushLanguage: language }),
    }),
    {
      name: STORE_NAMES.citizenDevice,
      version: 1,
      partialize: (state) => ({ citizenToken: state.citizenToken, pushLanguage: state.pushLanguage }),
    },
  ),
)

/** The header that identifies this device to the server, when it has a token. */
export function citizenHeaders(token: string | null): Record<string, string> {
  return token ? { [CITIZEN_TOKEN_HEADER]: token } : {}
}
