import { registerCatalogue } from '../../i18n'

// The texts of the sign-in forms (the organisations' and the administrators'), in French only:
// registered as the "signIn" namespace by the screens that sign in, so that the citizen's first
// download does not carry them.
export const signInFr = {
  submit: 'Se connecter',
  submitting: 'Connexion...',
  success: 'Connexion réussie',
  failed: 'Erreur de connexion',
} as const

export type SignInCatalogue = typeof signInFr

registerCatalogue('signIn', signInFr)
