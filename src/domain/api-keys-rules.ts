/** API keys of the Open311 endpoint, without zod (the rules half of api-keys.ts). */

/** Every key starts with this, so that one pasted in the wrong place is recognised. */
export const API_KEY_PREFIX = 'au_'
export const API_KEY_NAME_MAX_LENGTH = 100

export const API_KEY_MESSAGES = {
  nameRequired: 'Donnez un nom à la clé (l’application ou le partenaire qui l’utilise).',
  notFound: 'Cette clé API n’existe pas.',
  alreadyRevoked: 'Cette clé API est déjà révoquée.',
} as const
