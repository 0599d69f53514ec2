// The whole data model (DESIGN.md section 5). Migrations are generated from this file with
// `npm run db:generate` and committed under ./migrations.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { USER_TYPES } from '../../domain/auth-rules'
import {
  DEFAULT_CLAIM_TARGET_HOURS,
  DEFAULT_RESOLVE_TARGET_HOURS,
  TARGET_HOURS_MAX,
  TARGET_HOURS_MIN,
} from '../../domain/category-rules'
import {
  ORGANIZATION_STATUS_VALUES,
  ORGANIZATION_TYPE_VALUES,
  SUPERADMIN_STATUSES,
} from '../../domain/organization-rules'
import {
  LOCATION_PRECISIONS,
  type LocationPrecision,
  REPORT_CHANNELS,
} from '../../domain/report-filing-rules'
import {
  FILED_STATUS,
  REPORT_PRIORITY_VALUES,
  REPORT_STATUS_VALUES,
  statusesOfKind,
} from '../../domain/report-states'
import { REPORT_ACTOR_TYPES, REPORT_EVENT_KIND_VALUES } from '../../domain/report-transitions'
import { SMS_DELIVERY_STATES } from '../../domain/sms-rules'
import { MEMBER_ROLES, MEMBER_STATUSES } from '../../domain/team-rules'
import { isNoneOf, isOneOf } from './values'

/** PostgreSQL's text search document (drizzle has no column type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

// The statuses of the domain (report-states.ts) a rejected report has: hidden from the public.
const HIDDEN_STATUSES = statusesOfKind('hidden')
// A report not yet resolved nor rejected.
const OPEN_STATUSES = statusesOfKind('open')

// Index columns say `.desc().nullsFirst()`: that is what a plain `ORDER BY x DESC` means, and an
// index serves a query only when the two orders match exactly.
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow()
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' })

export const categories = pgTable(
  'categorie',
  {
    id: serial('id').primaryKey(),
    nom: text('nom').notNull(),
    /** The name in English and in Wolof; '' when not translated (the French name stands in). */
    nom_en: text('nom_en').notNull().default(''),
    nom_wo: text('nom_wo').notNull().default(''),
    /** Hours from filing a report may wait to be claimed, and to be resolved (issue 30). */
    claim_target_hours: integer('claim_target_hours').notNull().default(DEFAULT_CLAIM_TARGET_HOURS),
    resolve_target_hours: integer('resolve_target_hours').notNull().default(DEFAULT_RESOLVE_TARGET_HOURS),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('categorie_nom_lower_key').on(sql`lower(${t.nom})`),
    check('categorie_nom_not_blank', sql`length(trim(${t.nom})) > 0`),
    check(
      'categorie_targets_check',
      sql`${t.claim_target_hours} between ${sql.raw(String(TARGET_HOURS_MIN))} and ${sql.raw(String(TARGET_HOURS_MAX))}
        and ${t.resolve_target_hours} between ${sql.raw(String(TARGET_HOURS_MIN))} and ${sql.raw(String(TARGET_HOURS_MAX))}`,
    ),
    // Claimed before resolved (domain/admin.ts, targetsInOrder).
    check('categorie_targets_in_order', sql`${t.claim_target_hours} <= ${t.resolve_target_hours}`),
  ],
)

/**
 * The 19 communes d'arrondissement of the department (issue 30), in the order and with the ids of
 * domain/communes.ts (migration 0017_areas writes them). A report belongs to the area `area_at`
 * (the same migration) finds for its point; an organisation covers all of them or some.
 */
export const areas = pgTable('areas', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
  arrondissement: text('arrondissement').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** Metres around the centre that are surely the commune's (domain/communes.ts). */
  radius_m: integer('radius_m').notNull(),
  /**
   * Its limits as an administrator imported them (a GeoJSON MultiPolygon, for the map), and when;
   * none: its centre's approximation. `area_at` reads them from area_rings.
   */
  boundary: jsonb('boundary'),
  boundary_imported_at: moment('boundary_imported_at'),
})

/** PostgreSQL's geometric types (drizzle has none): a ring's outline and its bounding box. */
const polygon = customType<{ data: string }>({ dataType: () => 'polygon' })
const box = customType<{ data: string }>({ dataType: () => 'box' })

/**
 * The rings of the imported limits, as PostgreSQL polygons `area_at` tests a point against
 * (`polygon @> point`, after its box): ring 0 of each polygon is its outline, the others its holes.
 */
export const areaRings = pgTable(
  'area_rings',
  {
    area_id: smallint('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    polygon: smallint('polygon').notNull(),
    ring: smallint('ring').notNull(),
    outline: polygon('outline').notNull(),
    bounds: box('bounds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.area_id, t.polygon, t.ring] })],
)

/**
 * The recount of every report's commune after an import of limits, done in batches by any
 * instance (one row: present while it runs; the last report done, by id, so that it goes on after
 * a restart).
 */
export const areaRecount = pgTable(
  'area_recount',
  {
    id: smallint('id').primaryKey().default(1),
    after_id: uuid('after_id'),
    requested_at: moment('requested_at').notNull().defaultNow(),
  },
  (t) => [check('area_recount_single_check', sql`${t.id} = 1`)],
)

/**
 * Unicode's confusables (UTS #39, confusables.txt 13.0.0): the character each one may be taken
 * for, read by `name_skeleton` (migration 0030), never written after it.
 */
export const confusables = pgTable('confusables', {
  source: text('source').primaryKey(),
  prototype: text('prototype').notNull(),
})

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    status: text('status').notNull().default('pending'),
    is_active: boolean('is_active').notNull().default(true),
    /**
     * The new name an approved organisation asked for, public only once an administrator has
     * approved it (until then `name` is what everyone sees), and when it asked.
     */
    pending_name: text('pending_name'),
    pending_name_at: moment('pending_name_at'),
    /**
     * When an approved organisation asked for a new zone (issue 47): its communes wait in
     * `organization_pending_areas` (none: the whole department) until an administrator decides;
     * until then `organization_areas` decides what it is offered and may claim. Null: no request.
     */
    pending_zone_at: moment('pending_zone_at'),
    created_at: createdAt(),
    updated_at: moment('updated_at').notNull().defaultNow(),
    /** When any of its members last signed in. */
    last_login: moment('last_login'),
  },
  (t) => [
    // The organisation's contact address; its members sign in with their own (organization_members).
    uniqueIndex('organizations_email_lower_key').on(sql`lower(${t.email})`),
    // Names are unique whatever their case and accents ("Mairie de Médina", "MAIRIE DE MEDINA").
    uniqueIndex('organizations_name_folded_key').on(sql`search_text(${t.name})`),
    // And whatever look-alike letters they are written with (issue 47): by their confusable
    // skeleton (UTS #39, `name_skeleton`, migration 0030) as written ("Маirie de Меdina", Cyrillic
    // М and е), and in small letters ("mаirie de médina"), folded as above.
    uniqueIndex('organizations_name_skeleton_key').on(sql`search_text(name_skeleton(${t.name}))`),
    uniqueIndex('organizations_name_folded_skeleton_key').on(
      sql`search_text(name_skeleton(search_text(${t.name})))`,
    ),
    check('organizations_status_check', isOneOf(t.status, ORGANIZATION_STATUS_VALUES)),
    check('organizations_type_check', isOneOf(t.type, ORGANIZATION_TYPE_VALUES)),
    index('organizations_created_at_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

/**
 * The people of an organisation (issue 29), each signing in with their own e-mail and password.
 * An invited member has no password until they open their invitation's link: only its hash is
 * kept, with when it ends and when it was used (a used or expired link answers 410, an unknown 404).
 * A withdrawn invitation is a row removed (issue 47): it never was an account.
 */
export const organizationMembers = pgTable(
  'organization_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organization_id: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('invited'),
    password_hash: text('password_hash'),
    /** Access tokens issued before this moment are refused (password change ends sessions). */
    password_changed_at: moment('password_changed_at').notNull().defaultNow(),
    invitation_hash: text('invitation_hash'),
    invitation_expires_at: moment('invitation_expires_at'),
    invitation_used_at: moment('invitation_used_at'),
    created_at: createdAt(),
    last_login: moment('last_login'),
  },
  (t) => [
    // One address is one person's login, whatever its case. An invitation is not one yet: several
    // organisations may invite one address, and none keeps another from signing up with it; the
    // first accepted wins (issue 47).
    uniqueIndex('organization_members_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(isNoneOf(t.status, ['invited'])),
    // Within one team, one address once, invited or not.
    uniqueIndex('organization_members_organization_email_key').on(t.organization_id, sql`lower(${t.email})`),
    uniqueIndex('organization_members_invitation_key').on(t.invitation_hash),
    index('organization_members_organization_idx').on(t.organization_id),
    check('organization_members_role_check', isOneOf(t.role, MEMBER_ROLES)),
    check('organization_members_status_check', isOneOf(t.status, MEMBER_STATUSES)),
    // Whoever is past the invitation has a password to sign in with.
    check(
      'organization_members_password_check',
      sql`${t.status} = 'invited' or ${t.password_hash} is not null`,
    ),
  ],
)

/**
 * The invitations an organisation sent (links and e-mails), for its daily limits (issue 47): kept a
 * day, and past the row of an invitation withdrawn. The address only as its SHA-256 (in lower
 * case): counting needs no more.
 */
export const invitationSends = pgTable(
  'invitation_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organization_id: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recipient_hash: text('recipient_hash').notNull(),
    sent_at: moment('sent_at').notNull(),
  },
  (t) => [index('invitation_sends_organization_idx').on(t.organization_id, t.sent_at)],
)

export const categoryOrganizations = pgTable(
  'categorie_organization',
  {
    organization_id: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    categorie_id: integer('categorie_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.organization_id, t.categorie_id] }),
    index('categorie_organization_categorie_idx').on(t.categorie_id),
  ],
)

/** The communes an organisation covers; none at all means the whole department. */
export const organizationAreas = pgTable(
  'organization_areas',
  {
    organization_id: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    area_id: smallint('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.area_id] })],
)

/** The communes of the zone an approved organisation asked for (`pending_zone_at`), until decided. */
export const organizationPendingAreas = pgTable(
  'organization_pending_areas',
  {
    organization_id: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    area_id: smallint('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.area_id] })],
)

export const superadmins = pgTable(
  'superadmin',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    email: text('email'),
    username: text('username').notNull(),
    password_hash: text('password_hash').notNull(),
    password_changed_at: moment('password_changed_at').notNull().defaultNow(),
    status: text('status').notNull().default('active'),
    created_at: createdAt(),
    last_login: moment('last_login'),
  },
  (t) => [
    uniqueIndex('superadmin_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('superadmin_email_lower_key').on(sql`lower(${t.email})`),
    check('superadmin_status_check', isOneOf(t.status, SUPERADMIN_STATUSES)),
  ],
)

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    anonymous_code: text('anonymous_code').notNull(),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    /** The category's name as filed: renaming a category does not rewrite history. */
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default(FILED_STATUS),
    priority: text('priority').notNull().default('normal'),
    address: text('address'),
    department: text('department'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The commune of its point, found at filing by `area_at` (null outside the department). */
    area_id: smallint('area_id').references(() => areas.id, { onDelete: 'restrict' }),
    photo_url: text('photo_url'),
    photo_thumb_url: text('photo_thumb_url'),
    audio_url: text('audio_url'),
    /**
     * The photo of the fix, taken by the organisation's member who did it (issue 29): public, as
     * the report's status is, and re-encoded like the citizen's (EXIF and GPS gone).
     */
    resolution_photo_url: text('resolution_photo_url'),
    resolution_photo_thumb_url: text('resolution_photo_thumb_url'),
    /** What the organisation says of its work under that photo; public too. */
    resolution_note: text('resolution_note'),
    resolution_photo_at: moment('resolution_photo_at'),
    created_at: createdAt(),
    updated_at: moment('updated_at').notNull().defaultNow(),
    assigned_organization_id: uuid('assigned_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    claimed_at: moment('claimed_at'),
    /** The member of the managing organisation the report is handed to (issue 29). */
    assignee_id: uuid('assignee_id').references(() => organizationMembers.id, { onDelete: 'set null' }),
    resolved_at: moment('resolved_at'),
    estimated_resolution_time: text('estimated_resolution_time').notNull().default(''),
    actual_resolution_time: text('actual_resolution_time').notNull().default(''),
    /** Hash of the citizen device token, or of the SMS number's (keyed); never returned by the API. */
    reporter_hash: text('reporter_hash'),
    /** How it came (REPORT_CHANNELS): the site, or a conversation by SMS. */
    channel: text('channel').notNull().default('web'),
    /** What its point says (LOCATION_PRECISIONS): the very place, or only its commune's centre. */
    location_precision: text('location_precision').$type<LocationPrecision>().notNull().default('point'),
    supporters_count: integer('supporters_count').notNull().default(0),
    /**
     * What every text search reads (reports/search.ts): the words of the category, description,
     * address and department, without accents, stemmed the French way (the configuration
     * `alertes_fr`, migration 0007_search_full_text). Kept by the database itself; a GIN index
     * covers it.
     */
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('public.alertes_fr'::regconfig, type || ' ' || description || ' ' || coalesce(address, '') || ' ' || coalesce(department, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('reports_anonymous_code_key').on(t.anonymous_code),
    check('reports_status_check', isOneOf(t.status, REPORT_STATUS_VALUES)),
    check('reports_priority_check', isOneOf(t.priority, REPORT_PRIORITY_VALUES)),
    check('reports_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('reports_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('reports_supporters_count_check', sql`${t.supporters_count} >= 0`),
    check('reports_channel_check', isOneOf(t.channel, REPORT_CHANNELS)),
    check('reports_location_precision_check', isOneOf(t.location_precision, LOCATION_PRECISIONS)),
    // Every list orders by a unique key (the id breaks ties), so that a page read backwards from
    // the end (the last pages) or from a day boundary (deep pages) is the same as read forwards.
    // Home page and admin list: newest first.
    index('reports_created_at_idx').on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Admin list sorted by "Moi aussi" supporters, then newest.
    index('reports_supporters_idx').on(
      t.supporters_count.desc().nullsFirst(),
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Organisation "managed" list: newest claim first.
    index('reports_assigned_idx').on(
      t.assigned_organization_id,
      t.claimed_at.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    // Organisation "available" list: unassigned, newest first; the category and the commune are
    // read from the index itself (an organisation with two categories and three communes is one
    // index scan, no merge needed).
    index('reports_available_idx')
      .on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst(), t.category_id, t.area_id)
      .where(sql`${t.assigned_organization_id} is null and ${isNoneOf(t.status, HIDDEN_STATUSES)}`),
    // Admin list filtered by status, or by priority (a search's index scan when its word is common).
    index('reports_status_idx').on(t.status, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reports_priority_idx').on(t.priority, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reports_reporter_idx').on(t.reporter_hash),
    // Map queries: reports inside a small bounding box (larger ones read report_map_cells).
    index('reports_location_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    // Files of rejected reports, served to administrators only (files/media-access.ts): each
    // request for a file asks whether a rejected report owns it, through these small indexes.
    index('reports_rejected_photo_idx').on(t.photo_url).where(isOneOf(t.status, HIDDEN_STATUSES)),
    index('reports_rejected_thumb_idx').on(t.photo_thumb_url).where(isOneOf(t.status, HIDDEN_STATUSES)),
    index('reports_rejected_audio_idx').on(t.audio_url).where(isOneOf(t.status, HIDDEN_STATUSES)),
    index('reports_rejected_resolution_photo_idx')
      .on(t.resolution_photo_url)
      .where(isOneOf(t.status, HIDDEN_STATUSES)),
    index('reports_rejected_resolution_thumb_idx')
      .on(t.resolution_photo_thumb_url)
      .where(isOneOf(t.status, HIDDEN_STATUSES)),
    // The text searches (reports/search.ts): the reports holding words, within a status, a
    // priority and a commune in the same lookup (btree_gin, no report read to check them); an
    // organisation's available reports holding them, within its categories
    // (words and categories go together: "lampadaire" is common, and absent from the roads'
    // reports); and a code by its start (a citizen reads it out on the phone), the pattern
    // operators letting LIKE 'K7M2%' use the index whatever the collation.
    index('reports_search_idx').using('gin', t.status, t.priority, t.area_id, t.search_vector),
    index('reports_available_search_idx')
      .using('gin', t.category_id, t.area_id, t.search_vector)
      .where(sql`${t.assigned_organization_id} is null and ${isNoneOf(t.status, HIDDEN_STATUSES)}`),
    index('reports_code_prefix_idx').on(t.anonymous_code.op('text_pattern_ops')),
    // The reports waiting to be claimed, and to be resolved (issue 30, reports/overdue.ts): the
    // late ones' counts read the part of a day before a deadline from these alone.
    index('reports_unclaimed_idx')
      .on(t.created_at, t.category_id)
      .where(sql`${t.assigned_organization_id} is null and ${isOneOf(t.status, [FILED_STATUS])}`),
    // With the organisation: the public statistics count each organisation's late reports from
    // it alone (an index-only scan).
    index('reports_unresolved_idx')
      .on(t.created_at, t.category_id, t.assigned_organization_id)
      .where(sql`${t.assigned_organization_id} is not null and ${isOneOf(t.status, OPEN_STATUSES)}`),
    // Admin list of one commune, newest first.
    index('reports_area_idx').on(t.area_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An agent's round: the reports handed to them.
    index('reports_assignee_idx').on(t.assignee_id).where(sql`${t.assignee_id} is not null`),
  ],
)

export const reportEvents = pgTable(
  'report_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    report_id: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actor_type: text('actor_type').notNull(),
    actor_id: text('actor_id'),
    /** For an organisation's action: which of its members did it (issue 29). */
    actor_member_id: uuid('actor_member_id').references(() => organizationMembers.id, {
      onDelete: 'set null',
    }),
    from_status: text('from_status'),
    to_status: text('to_status'),
    data: jsonb('data'),
    created_at: createdAt(),
  },
  (t) => [
    check('report_events_kind_check', isOneOf(t.kind, REPORT_EVENT_KIND_VALUES)),
    check('report_events_actor_type_check', isOneOf(t.actor_type, REPORT_ACTOR_TYPES)),
    index('report_events_report_idx').on(t.report_id, t.created_at),
  ],
)

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    report_id: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    organization_id: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type').notNull().default('info'),
    anonymous_code: text('anonymous_code'),
    created_at: createdAt(),
    read_at: moment('read_at'),
  },
  (t) => [
    index('notifications_report_idx').on(t.report_id, t.created_at.desc().nullsFirst()),
    index('notifications_organization_idx').on(t.organization_id, t.created_at.desc().nullsFirst()),
  ],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull(),
    family_id: uuid('family_id').notNull(),
    user_type: text('user_type').notNull(),
    user_id: uuid('user_id').notNull(),
    created_at: createdAt(),
    expires_at: moment('expires_at').notNull(),
    used_at: moment('used_at'),
    revoked_at: moment('revoked_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.token_hash),
    index('refresh_tokens_family_idx').on(t.family_id),
    index('refresh_tokens_user_idx').on(t.user_type, t.user_id),
    check('refresh_tokens_user_type_check', isOneOf(t.user_type, USER_TYPES)),
  ],
)

/**
 * The filings sent with an Idempotency-Key, for a device that lost the answer (offline queues send
 * again): only the key's hash and the report. A repeat gets the report back only when it carries
 * the token of the device that filed it, which the device holds already: no token is ever kept
 * here, sealed or not.
 */
export const filingReceipts = pgTable('filing_receipts', {
  key_hash: text('key_hash').primaryKey(),
  report_id: uuid('report_id')
    .notNull()
    .references(() => reports.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
})

/**
 * Citizen devices: each device mints its own random token (256 bits) and sends it with its first
 * filing, follow or support; the server keeps only its hash. Devices from before kept the token
 * the server issued them.
 */
export const citizenDevices = pgTable('citizen_devices', {
  token_hash: text('token_hash').primaryKey(),
  created_at: createdAt(),
  last_seen_at: moment('last_seen_at').notNull().defaultNow(),
})

/**
 * Tickets that each open one live stream (`GET /api/events?ticket=…`), so that no credential is
 * written in the stream's address: only the ticket's hash is kept, and opening the stream deletes
 * it, on whichever instance. A ticket is a device's, or a signed-in session's: what the access token
 * it was asked with named, and when that token expires (the stream ends then, as the token does).
 */
export const liveStreamTickets = pgTable(
  'live_stream_tickets',
  {
    ticket_hash: text('ticket_hash').primaryKey(),
    device_hash: text('device_hash').references(() => citizenDevices.token_hash, { onDelete: 'cascade' }),
    user_type: text('user_type'),
    user_id: uuid('user_id'),
    session_id: uuid('session_id'),
    /** The password version the access token carried (milliseconds), checked as the token's is. */
    password_version: bigint('password_version', { mode: 'number' }),
    access_expires_at: moment('access_expires_at'),
    expires_at: moment('expires_at').notNull(),
  },
  (t) => [
    index('live_stream_tickets_expires_idx').on(t.expires_at),
    check('live_stream_tickets_user_type_check', isOneOf(t.user_type, USER_TYPES)),
    // Either a device or a whole session, never both nor half of one.
    check(
      'live_stream_tickets_holder_check',
      sql`(${t.device_hash} is not null and num_nulls(${t.user_type}, ${t.user_id}, ${t.session_id}, ${t.password_version}, ${t.access_expires_at}) = 5)
        or (${t.device_hash} is null and num_nonnulls(${t.user_type}, ${t.user_id}, ${t.session_id}, ${t.password_version}, ${t.access_expires_at}) = 5)`,
    ),
  ],
)

/**
 * Where a citizen device asked to be told of its reports' news (Web Push): the browser's push
 * service address and the keys that encrypt for it. Only the filing device is ever told.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The citizen's device it belongs to, or (issue 29) the organisation's member. */
    device_hash: text('device_hash').references(() => citizenDevices.token_hash, { onDelete: 'cascade' }),
    member_id: uuid('member_id').references(() => organizationMembers.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the device reads: its notifications are written in it. */
    language: text('language').notNull().default('fr'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_device_idx').on(t.device_hash),
    index('push_subscriptions_member_idx').on(t.member_id).where(sql`${t.member_id} is not null`),
    check('push_subscriptions_owner_check', sql`(${t.device_hash} is null) <> (${t.member_id} is null)`),
  ],
)

/**
 * Notifications waiting for their push service: written in the transaction of the change they
 * tell of, deleted once delivered; retried with a growing delay until `expires_at`.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscription_id: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** What the device shows (title, text, the page a tap opens), already in its language. */
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: moment('next_attempt_at').notNull().defaultNow(),
    expires_at: moment('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('push_deliveries_due_idx').on(t.next_attempt_at)],
)

/**
 * What an organisation's member did under an Idempotency-Key (issue 29): a field agent's phone
 * sends again what it queued offline, and the server does it once. Written in the transaction of
 * the action; the first answer is kept for the replay, for that member only.
 */
export const organizationActionReceipts = pgTable(
  'organization_action_receipts',
  {
    /** The key's hash, as for filings: the key itself is never kept. */
    key_hash: text('key_hash').primaryKey(),
    member_id: uuid('member_id')
      .notNull()
      .references(() => organizationMembers.id, { onDelete: 'cascade' }),
    report_id: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** Which route it answered (PATCH, message, photo): a key is not reused for another action. */
    action: text('action').notNull(),
    response: jsonb('response'),
    created_at: createdAt(),
  },
  (t) => [index('organization_action_receipts_created_idx').on(t.created_at)],
)

/**
 * E-mails waiting to be sent (the invitations of organisations' members, issue 29): written in
 * the transaction of what they tell, sent by any instance (email/email-sender.ts), retried with a
 * growing delay for a day, deleted once the SMTP server has taken them (the link they carry
 * with them).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: moment('next_attempt_at').notNull().defaultNow(),
    expires_at: moment('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('email_outbox_due_idx').on(t.next_attempt_at)],
)

/** "Moi aussi": one support per report and citizen device. */
export const reportSupports = pgTable(
  'report_supports',
  {
    report_id: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    reporter_hash: text('reporter_hash').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.report_id, t.reporter_hash] })],
)

/** Reports a device follows by code from /suivi, besides the ones it filed. */
export const reportFollows = pgTable(
  'report_follows',
  {
    report_id: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    reporter_hash: text('reporter_hash').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reporter_hash, t.report_id] }),
    index('report_follows_report_idx').on(t.report_id),
  ],
)

/** Reverse geocoding answers by rounded coordinates. */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    lat_key: integer('lat_key').notNull(),
    lon_key: integer('lon_key').notNull(),
    answer: jsonb('answer').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.lat_key, t.lon_key] })],
)

/** Keys that administrators issue to Open311 clients; only their hash is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    key_hash: text('key_hash').notNull(),
    created_by: uuid('created_by').references(() => superadmins.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    last_used_at: moment('last_used_at'),
    revoked_at: moment('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_key').on(t.key_hash)],
)

/** Settings the server keeps about itself (e.g. the generated JWT secret in embedded mode). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated_at: moment('updated_at').notNull().defaultNow(),
})

// Read models of the reports table, kept up to date by triggers in the same transaction as the
// change (migration 0002_read_models): counts and map clusters that never scan a million rows.
// See docs/decisions/0002-read-models-and-micro-cache.md.

/** How many reports in each combination of the list filters. */
export const reportCounts = pgTable(
  'report_counts',
  {
    category_id: integer('category_id').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    /** Whether an organisation manages the reports. */
    assigned: boolean('assigned').notNull(),
    /** Their commune; 0 outside the department (a key has no null). */
    area_id: smallint('area_id').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    /** Resolved reports with a resolution date, and the sum of their resolution times. */
    resolved_n: bigint('resolved_n', { mode: 'number' }).notNull().default(0),
    resolution_seconds: doublePrecision('resolution_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category_id, t.status, t.priority, t.assigned, t.area_id] })],
)

/**
 * The same counts per day of filing (UTC): the dashboard's "today" and "this week", and where
 * the n-th report of a list is, so that a deep page starts at its day instead of skipping rows.
 */
export const reportDailyCounts = pgTable(
  'report_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    category_id: integer('category_id').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    assigned: boolean('assigned').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.category_id, t.status, t.priority, t.assigned] })],
)

/**
 * The reports an organisation may claim (unassigned, public) per day of filing, category and
 * commune (0 outside the department): where the n-th report of a town hall's available list is,
 * so that its deep pages start at their day (report_daily_counts has no commune: by commune it
 * would be ten times larger for every list).
 */
export const reportAvailableDays = pgTable(
  'report_available_days',
  {
    category_id: integer('category_id').notNull(),
    area_id: smallint('area_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category_id, t.area_id, t.day] })],
)

/**
 * Every report per commune (0 outside the department), status, priority and day of filing (UTC):
 * where the n-th report of an administrator's list of one commune is, so that its deep pages
 * start at their day (report_daily_counts has no commune). Kept by statement triggers of its own
 * (migration 0027_area_days).
 */
export const reportAreaDays = pgTable(
  'report_area_days',
  {
    area_id: smallint('area_id').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.area_id, t.status, t.priority, t.day] })],
)

/**
 * The public reports on a pyramid of square grids (cell side 360 / 2^z degrees, z from
 * MAP_CELL_MIN_ZOOM to MAP_CELL_MAX_ZOOM): how many in each cell and the sum of their
 * coordinates, so that a clustered map of any view reads a few thousand cells at most.
 */
export const reportMapCells = pgTable(
  'report_map_cells',
  {
    z: smallint('z').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    n: integer('n').notNull().default(0),
    lat_sum: doublePrecision('lat_sum').notNull().default(0),
    lon_sum: doublePrecision('lon_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.z, t.x, t.y] })],
)

// Read models of the public statistics (GET /api/public/stats), kept by the triggers of migration
// 0009_public_statistics like the counts above. Rejected reports are never in them. Durations are
// histograms (domain/public-data-rules.ts: durationBucket), since a median cannot be summed.

/** Public reports an organisation manages, per status. */
export const reportOrganizationCounts = pgTable(
  'report_organization_counts',
  {
    organization_id: uuid('organization_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.status] })],
)

/** Resolved reports per category and bucket of hours from filing to resolution. */
export const reportResolutionHours = pgTable(
  'report_resolution_hours',
  {
    category_id: integer('category_id').notNull(),
    bucket: smallint('bucket').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category_id, t.bucket] })],
)

/**
 * An organisation's public reports per bucket of hours from filing to its claim (`claim`) and
 * from filing to resolution (`resolution`).
 */
export const reportOrganizationHours = pgTable(
  'report_organization_hours',
  {
    organization_id: uuid('organization_id').notNull(),
    measure: text('measure').notNull(),
    bucket: smallint('bucket').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organization_id, t.measure, t.bucket] }),
    check('report_organization_hours_measure_check', sql`${t.measure} in ('claim', 'resolution')`),
  ],
)

/**
 * Where each organisation's medians lie in report_organization_hours: the bucket holding the
 * middle report, the reports of the lower buckets, of that bucket and in all. Found again by the
 * trigger for the organisations a statement touched, so that the statistics read one row per
 * organisation and measure instead of their histograms (domain/public-data-rules.ts interpolates).
 */
export const reportOrganizationMedians = pgTable(
  'report_organization_medians',
  {
    organization_id: uuid('organization_id').notNull(),
    measure: text('measure').notNull(),
    bucket: smallint('bucket').notNull(),
    before: bigint('before', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organization_id, t.measure] })],
)

/** Per week (its Monday, UTC): public reports filed that week, reports resolved that week. */
export const reportWeeklyCounts = pgTable('report_weekly_counts', {
  week: date('week', { mode: 'string' }).primaryKey(),
  filed: integer('filed').notNull().default(0),
  resolved: integer('resolved').notNull().default(0),
})

/**
 * Resolved public reports per category and organisation (none: resolved with no organisation),
 * and how many of them within their category's resolve target: the on-time rate of
 * /statistiques (issue 30). Kept by the triggers of migration 0020_on_time, and counted again for
 * a category when its target changes.
 */
export const reportOnTimeCounts = pgTable(
  'report_on_time_counts',
  {
    category_id: integer('category_id').notNull(),
    organization_id: uuid('organization_id'),
    resolved: bigint('resolved', { mode: 'number' }).notNull().default(0),
    on_time: bigint('on_time', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_on_time_counts_key').on(t.category_id, t.organization_id).nullsNotDistinct()],
)

/** Open reports on a grid of squares 360 / 2^16 degrees a side (about 600 m at Dakar). */
export const reportOpenCells = pgTable(
  'report_open_cells',
  {
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.x, t.y] })],
)

/**
 * A phone number that wrote to the SMS channel (issue 31), known by its keyed hash alone
 * (sms/number-privacy.ts). Its reports carry that hash as their reporter.
 */
export const smsNumbers = pgTable('sms_numbers', {
  number_hash: text('number_hash').primaryKey(),
  /** The number encrypted, to send it SMS; null once it said STOP. */
  number_encrypted: text('number_encrypted'),
  language: text('language').notNull().default('fr'),
  /** Where its report stands between two messages (domain/sms-conversation.ts); null: none open. */
  conversation: jsonb('conversation'),
  conversation_at: moment('conversation_at'),
  stopped_at: moment('stopped_at'),
  /** Its last message: it is forgotten SMS_NUMBER_KEPT_DAYS after this and its reports' closing. */
  last_message_at: moment('last_message_at').notNull().defaultNow(),
  created_at: createdAt(),
})

/**
 * A citizen device whose reports' news also go by SMS (issue 31): the number it gave, known by
 * its keyed hash (its sms_numbers row once confirmed), and while it is not yet confirmed, the
 * code sent to it (hashed), its expiry and the tries left.
 */
export const smsDeviceLinks = pgTable(
  'sms_device_links',
  {
    device_hash: text('device_hash').primaryKey(),
    number_hash: text('number_hash').notNull(),
    /** The number encrypted, until confirmed (then sms_numbers keeps it). */
    number_encrypted: text('number_encrypted'),
    language: text('language').notNull().default('fr'),
    code_hash: text('code_hash'),
    code_expires_at: moment('code_expires_at'),
    attempts: integer('attempts').notNull().default(0),
    confirmed_at: moment('confirmed_at'),
    created_at: createdAt(),
  },
  (t) => [index('sms_device_links_number_idx').on(t.number_hash)],
)

/**
 * Each confirmation code asked for (issue 47): its number's keyed hash and when, kept a day, so
 * that every instance counts the same codes per number and in all (sms-news-opt-in.ts).
 */
export const smsCodeRequests = pgTable(
  'sms_code_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    number_hash: text('number_hash').notNull(),
    requested_at: moment('requested_at').notNull(),
  },
  (t) => [
    index('sms_code_requests_number_idx').on(t.number_hash, t.requested_at),
    index('sms_code_requests_time_idx').on(t.requested_at),
  ],
)

/**
 * The gateway's webhooks, kept before they are answered (the gateway retries for two days: one
 * row per event id) and handled from here, in the order received.
 */
export const smsInbox = pgTable(
  'sms_inbox',
  {
    event_id: text('event_id').primaryKey(),
    event: text('event').notNull(),
    /** A received message's number, as its hash and its encrypted copy (dropped once handled); never in clear. */
    number_hash: text('number_hash'),
    number_encrypted: text('number_encrypted'),
    message: text('message'),
    /** The message a sent, delivered or failed event speaks of (the gateway's id for it). */
    gateway_message_id: text('gateway_message_id'),
    received_at: moment('received_at').notNull(),
    handled_at: moment('handled_at'),
    /** How many times answering it failed: past SMS_ANSWER_ATTEMPTS it is given up, so that the number's next messages are answered. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('sms_inbox_waiting_idx').on(t.received_at).where(sql`${t.handled_at} is null`),
    index('sms_inbox_number_idx').on(t.number_hash, t.received_at),
  ],
)

/**
 * SMS to send through the gateway, like the push deliveries: written in the transaction of what
 * they tell, retried with a growing delay until `expires_at`, then kept with the state the
 * gateway's events give (sent, delivered, failed) for the operator's card.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    number_hash: text('number_hash').notNull(),
    /** The number encrypted, until the gateway took the SMS or it was given up. */
    number_encrypted: text('number_encrypted'),
    text: text('text').notNull(),
    state: text('state').notNull().default('waiting'),
    /** The gateway's id of the message once it took it. */
    gateway_message_id: text('gateway_message_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Null once the gateway took it, or gave up: no longer due. */
    next_attempt_at: moment('next_attempt_at').defaultNow(),
    expires_at: moment('expires_at').notNull(),
    /** When it failed or was cancelled: the operator's card counts the failures of the day by it. */
    settled_at: moment('settled_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.next_attempt_at).where(sql`${t.next_attempt_at} is not null`),
    index('sms_outbox_gateway_idx').on(t.gateway_message_id),
    check('sms_outbox_state_check', isOneOf(t.state, SMS_DELIVERY_STATES)),
  ],
)
