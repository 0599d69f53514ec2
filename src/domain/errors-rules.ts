/** The API's errors, without zod (the rules half of errors.ts). */
import { MAX_JSON_BODY_BYTES } from './constants'

/**
 * Every error the API returns: a stable code, its HTTP status and the French text shown to
 * the user. The server throws these; the web app shows `message`.
 */
export const API_ERRORS = {
  invalid_input: {
    status: 400,
    message: 'Données invalides. Vérifiez que tous les champs sont correctement remplis.',
  },
  invalid_json: { status: 400, message: 'Le corps de la requête n’est pas un JSON valide.' },
  not_authenticated: { status: 401, message: 'Non authentifié' },
  forbidden: { status: 403, message: 'Accès refusé' },
  not_found: { status: 404, message: 'Ressource introuvable' },
  route_not_found: { status: 404, message: 'Cette adresse de l’API n’existe pas.' },
  method_not_allowed: { status: 405, message: 'Méthode non autorisée' },
  conflict: { status: 409, message: 'Conflit avec l’état actuel des données' },
  gone: { status: 410, message: 'Ce lien n’est plus valable.' },
  payload_too_large: { status: 413, message: 'Le fichier est trop volumineux (10 Mo au maximum).' },
  body_too_large: {
    status: 413,
    message: `Les données envoyées sont trop volumineuses (${MAX_JSON_BODY_BYTES / 1024} Ko au maximum).`,
  },
  unsupported_media_type: { status: 415, message: 'Type de fichier non pris en charge.' },
  too_many_requests: { status: 429, message: 'Trop de requêtes. Veuillez patienter avant de réessayer.' },
  internal: { status: 500, message: 'Une erreur interne est survenue. Veuillez réessayer plus tard.' },
  unavailable: { status: 503, message: 'Service momentanément indisponible. Veuillez réessayer plus tard.' },
  database_unavailable: {
    status: 503,
    message:
      'Service momentanément indisponible : la base de données ne répond pas. Réessayez dans quelques instants.',
  },
} as const
export type ApiErrorCode = keyof typeof API_ERRORS
