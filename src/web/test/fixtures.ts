// Data as the API returns it, for the component tests of every area. Each builder takes the
// fields a test cares about; the others are plausible and unique.
import type { AdminReport } from '../../domain/admin'
import type { Area } from '../../domain/area'
import type { Category } from '../../domain/category'
import type { PublicReportEvent, ReportEvent } from '../../domain/citizen'
import { COMMUNES } from '../../domain/communes'
import type { OwnOrganization } from '../../domain/organization'
import type { OrganizationReport, OrganizationStats } from '../../domain/organization-space'
import { ORGANIZATION_ID, RESPONSABLE } from './sessions'

/** The categories of a fresh database, as GET /api/categories orders them (by name). */
export const CATEGORIES: Category[] = [
  { id: 4, nom: 'Assainissement', translations: { en: 'Sanitation', wo: 'Tuyo ak ndox mu ñaaw' } },
  { id: 5, nom: 'Autre', translations: { en: 'Other', wo: 'Yeneen' } },
  { id: 2, nom: 'Éclairage public', translations: { en: 'Street lighting', wo: 'Leeru mbedd yi' } },
  { id: 3, nom: 'Propreté', translations: { en: 'Cleanliness', wo: 'Set-setal' } },
  { id: 1, nom: 'Voirie', translations: { en: 'Roads', wo: 'Mbedd yi' } },
]

let sequence = 0
const nextId = () => {
  sequence += 1
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    anonymous_code: `CODE${String(sequence).padStart(4, '0')}`,
  }
}

/** GET /api/areas: the communes, as the server gives them. */
export const AREAS: Area[] = COMMUNES.map((commune, index) => ({
  id: index + 1,
  name: commune.name,
  arrondissement: commune.arrondissement,
}))

/** A report as the organisation space lists it. */
export function organizationReport(overrides: Partial<OrganizationReport> = {}): OrganizationReport {
  return {
    ...nextId(),
    type: 'Voirie',
    description: 'Nid-de-poule profond au carrefour, les motos tombent.',
    status: 'en-attente',
    priority: 'normal',
    address: 'Avenue Blaise Diagne, Médina',
    department: 'Dakar',
    latitude: 14.6928,
    longitude: -17.4467,
    area: { id: 3, name: 'Médina' },
    photo_url: null,
    photo_thumb_url: null,
    audio_url: null,
    resolution: null,
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: '2026-11-22T10:00:00.000Z',
    assigned_organization_id: null,
    claimed_at: null,
    assignee: null,
    supporters_count: 0,
    notifications_count: 0,
    overdue: null,
    channel: 'web',
    location_precision: 'point',
    ...overrides,
  }
}

/** A report as GET /api/admin/reports returns it. */
export function adminReport(overrides: Partial<AdminReport> = {}): AdminReport {
  return {
    ...organizationReport(),
    address: null,
    latitude: 14.69,
    longitude: -17.44,
    assigned_organization_name: null,
    ...overrides,
  }
}

export const ORGANIZATION_STATS: OrganizationStats = {
  total: 12,
  pending: 3,
  in_progress: 4,
  resolved: 5,
  resolution_rate: 42,
  notifications_sent: 7,
  members: [{ id: 'a1', name: 'Awa Ndiaye', open: 0, resolved: 0 }],
}

/** The signed-in organisation's profile, and its member signed in: its responsable (GET /api/org/me). */
export function organizationProfile(overrides: Partial<OwnOrganization> = {}): OwnOrganization {
  return {
    id: ORGANIZATION_ID,
    name: 'Mairie de la Médina',
    type: 'mairie',
    email: 'contact@mairie-medina.sn',
    phone: '+221 33 821 00 00',
    address: 'Rue 6, Médina',
    city: 'Dakar',
    status: 'approved',
    is_active: true,
    pending_name: null,
    created_at: '2026-01-10T09:00:00.000Z',
    last_login: '2026-11-20T08:00:00.000Z',
    categories: [
      { id: 1, nom: 'Voirie' },
      { id: 2, nom: 'Éclairage public' },
    ],
    areas: [],
    pending_areas: null,
    member: RESPONSABLE,
    ...overrides,
  }
}

/** A line of a report's public history (public page, /suivi): what the test names, the rest null. */
export function publicHistoryLine(
  kind: string,
  created_at: string,
  fields: Partial<PublicReportEvent> = {},
): PublicReportEvent {
  return {
    kind,
    from_status: null,
    to_status: null,
    reason: null,
    organization_name: null,
    created_at,
    ...fields,
  }
}

/** A line of the history the filing device reads ("Mes signalements"), a message's title included. */
export function historyLine(
  kind: string,
  created_at: string,
  fields: Partial<ReportEvent> = {},
): ReportEvent {
  return { ...publicHistoryLine(kind, created_at), title: null, ...fields }
}
