import { randomInt } from 'node:crypto'
import { ANONYMOUS_CODE_ALPHABET, ANONYMOUS_CODE_LENGTH } from '../../domain/report-states'

/** A new anonymous code from a cryptographic source (uniqueness is the database's job). */
export function newAnonymousCode(): string {
  let code = ''
  for (let i = 0; i < ANONYMOUS_CODE_LENGTH; i++) {
    code += ANONYMOUS_CODE_ALPHABET[randomInt(ANONYMOUS_CODE_ALPHABET.length)]
  }
  return code
}
