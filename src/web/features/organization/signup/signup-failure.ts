import type { SignupInput } from '../../../../domain/organization'
import { SIGNUP_MESSAGES } from '../../../../domain/organization-rules'
import { ApiError } from '../../../lib/api-client'

export type SignupField = keyof SignupInput

/** The step of the wizard where each field is typed. */
export const STEP_OF_FIELD: Record<SignupField, 1 | 2 | 3 | 4> = {
  name: 1,
  type: 1,
  email: 1,
  phone: 1,
  address: 2,
  city: 2,
  categoryIds: 3,
  areaIds: 3,
  password: 4,
  responsableName: 4,
}

function isSignupField(value: string | undefined): value is SignupField {
  return value !== undefined && Object.hasOwn(STEP_OF_FIELD, value)
}

export interface SignupFailure {
  /** The toast, per the sign-up errors of SPEC.md section 8. */
  message: string
  /** The field the error is about, and the text shown next to it. */
  field?: SignupField
  fieldMessage?: string
}

/** Turns a failed sign-up into the texts of SPEC.md section 8. */
export function signupFailure(error: unknown): SignupFailure {
  if (!(error instanceof ApiError)) return { message: error instanceof Error ? error.message : String(error) }
  const field = error.field?.split('.')[0]
  const known = isSignupField(field) ? field : undefined
  // Offline (status 0): the API client's own text, "Erreur de connexion. Vérifiez votre internet."
  if (error.status === 0) return { message: error.message }
  if (error.status === 409 && known === 'name') {
    return { message: SIGNUP_MESSAGES.nameTaken, field: 'name', fieldMessage: SIGNUP_MESSAGES.nameTaken }
  }
  if (error.status === 409) {
    return { message: SIGNUP_MESSAGES.emailTaken, field: 'email', fieldMessage: SIGNUP_MESSAGES.emailTaken }
  }
  if (error.status === 403) return { message: SIGNUP_MESSAGES.permissions }
  if (error.status === 400 && known === 'type') {
    return { message: SIGNUP_MESSAGES.invalidType, field: 'type', fieldMessage: SIGNUP_MESSAGES.invalidType }
  }
  if (error.status === 400) {
    return {
      message: SIGNUP_MESSAGES.invalidData,
      field: known,
      fieldMessage: known ? error.message : undefined,
    }
  }
  // Anything else (the password hashing failure included) shows the server's own text.
  return { message: error.message }
}
