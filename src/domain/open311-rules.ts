/**
 * Open311 GeoReport v2 (wiki.open311.org/GeoReport_v2), without zod: how a report reads in the
 * standard's vocabulary. Reports are "service requests", categories are "services".
 */
import { isOpenStatus, REPORT_STATUSES, reportStatusAsReceived } from './report-states'

/** Where the endpoint lives: `/open311/v2/services.json`… */
export const OPEN311_BASE_PATH = '/open311/v2'
/** GeoReport v2: without dates, GET requests.json covers the last 90 days… */
export const OPEN311_DEFAULT_DAYS = 90
/** …and returns at most 1000 requests. */
export const OPEN311_MAX_REQUESTS = 1000

/** The standard's two statuses. */
export type Open311Status = 'open' | 'closed'

/** en-attente and en-cours are open; resolu and rejete are closed. */
export function open311Status(status: string): Open311Status {
  return isOpenStatus(status) ? 'open' : 'closed'
}

/** The platform's own status, in French, as the standard's `status_notes`. */
export function open311StatusNotes(status: string): string {
  return reportStatusAsReceived(status).label
}

/** Which of the platform's statuses an Open311 status stands for. */
export const OPEN311_STATUS_MEMBERS: Record<Open311Status, string[]> = {
  open: Object.keys(REPORT_STATUSES).filter((status) => isOpenStatus(status)),
  closed: Object.keys(REPORT_STATUSES).filter((status) => !isOpenStatus(status)),
}

/** What the POST answers in `service_notice`. */
export const OPEN311_SERVICE_NOTICE =
  'Signalement enregistré. Les organisations partenaires de la catégorie le prennent en charge.'

/** The errors' `description`, in French like every message of the platform. */
export const OPEN311_MESSAGES = {
  invalidApiKey: 'Clé API absente, inconnue ou révoquée.',
  unknownService: 'Aucun service ne correspond à ce service_code.',
  unknownRequest: 'Aucune demande ne correspond à cet identifiant.',
  locationRequired: 'lat et long sont obligatoires (coordonnées WGS84).',
  invalidInput: 'Paramètres invalides. Vérifiez les noms et les formats (dates ISO 8601).',
  notFound: 'Cette adresse de l’API Open311 n’existe pas. Seul le format JSON (.json) est servi.',
  tooManyRequests: 'Trop de requêtes. Veuillez patienter avant de réessayer.',
  internal: 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
} as const
