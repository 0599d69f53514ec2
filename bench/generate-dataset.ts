// A large, realistic dataset generated inside the database (generate_series), in batches:
// reports over the communes of Dakar with realistic dates, statuses and categories, approved
// organisations with their categories, their claims, the history and the messages sent.
// Reused when the database already holds a dataset of the asked size.
import { eq, sql } from 'drizzle-orm'
import { COMMUNES } from '../src/domain/communes'
import { ANONYMOUS_CODE_ALPHABET } from '../src/domain/report-states'
import { type Database, queryRows } from '../src/server/db/database'
import { serverSettings } from '../src/server/db/schema'
import { seedDefaults } from '../src/server/db/seed'
import { hashPassword } from '../src/server/passwords'
import { DEMO_DESCRIPTIONS } from '../src/server/seed/demo-data'

export interface DatasetSize {
  reports: number
  organizations: number
}

export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-password' }
export const BENCH_ORG_PASSWORD = 'bench-org-password'
/** The description of the reports that `npm run bench` files: removed before the next run. */
export const BENCH_DESCRIPTION = 'Mesure de performance : nid-de-poule'
export const benchOrgEmail = (index: number) => `bench-org-${String(index).padStart(5, '0')}@bench.alertes.sn`

const BATCH = 100_000
const MARKER = 'bench_dataset'
const DROPPED_INDEXES = 'bench_dataset_dropped_indexes'
/** Changed whenever the generated data changes shape: an older dataset is then generated again. */
const GENERATOR_VERSION = 3

export async function ensureDataset(database: Database, size: DatasetSize, log: (line: string) => void) {
  const db = database.db
  await seedDefaults(db, BENCH_ADMIN)
  const wanted = JSON.stringify({ ...size, version: GENERATOR_VERSION })
  const [marker] = await db.select().from(serverSettings).where(eq(serverSettings.key, MARKER))
  if (marker?.value === wanted) {
    log(`dataset of ${size.reports} reports already there: reused`)
    return
  }
  log(`generating ${size.reports} reports and ${size.organizations} organisations…`)
  const started = Date.now()
  // The read models (counts, map cells) are emptied by the truncation and kept by the triggers.
  await db.execute(
    sql`truncate reports, report_events, notifications, report_supports, report_follows, citizen_devices, categorie_organization, refresh_tokens cascade`,
  )
  await db.execute(sql`delete from organizations`)

  const passwordHash = await hashPassword(BENCH_ORG_PASSWORD)
  await db.execute(sql`
    insert into organizations (name, type, email, phone, address, city, status, created_at)
    select 'Organisation ' || i, (array['mairie','services_publics','entreprise_service','ong','association'])[1 + i % 5],
      'bench-org-' || lpad(i::text, 5, '0') || '@bench.alertes.sn', '+221 33 800 00 00', 'Dakar', 'Dakar',
      'approved', now() - interval '400 days'
    from generate_series(1, ${size.organizations}) i`)
  // Each signs in as its first responsable, with the organisation's e-mail.
  await db.execute(sql`
    insert into organization_members (organization_id, name, email, role, status, password_hash)
    select id, name, email, 'responsable', 'active', ${passwordHash} from organizations`)
  // Organisation i handles category (i - 1) mod 5 (and a second one for every third organisation).
  await db.execute(sql`
    insert into categorie_organization (organization_id, categorie_id)
    select o.id, c.id from (select id, row_number() over (order by email) as i from organizations) o
    join (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from categorie) c
      on c.k = (o.i - 1) % c.n or (o.i % 3 = 0 and c.k = o.i % c.n)
    on conflict do nothing`)

  // A bulk load builds indexes once at the end rather than row by row (the trigram index most of
  // all); their definitions are read from the catalogue, so they come back exactly as migrated.
  // Kept in server_settings until rebuilt: a load stopped half-way gets them back next time.
  const [saved] = await db.select().from(serverSettings).where(eq(serverSettings.key, DROPPED_INDEXES))
  const indexes: { name: string; definition: string }[] = saved
    ? JSON.parse(saved.value)
    : await queryRows(
        db,
        sql`select indexname as name, indexdef as definition from pg_indexes i
          where tablename in ('reports', 'report_events')
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
  if (!saved) await db.insert(serverSettings).values({ key: DROPPED_INDEXES, value: JSON.stringify(indexes) })
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.name}"`))

  const latitudes = floatArray(COMMUNES.map((c) => c.latitude))
  const longitudes = floatArray(COMMUNES.map((c) => c.longitude))
  const names = textArray(COMMUNES.map((c) => c.name))
  const descriptionList = Object.values(DEMO_DESCRIPTIONS).flat()
  const descriptions = textArray(descriptionList)
  const alphabet = sql.raw(`'${ANONYMOUS_CODE_ALPHABET}'`)
  for (let from = 1; from <= size.reports; from += BATCH) {
    const to = Math.min(size.reports, from + BATCH - 1)
    await db.execute(sql`
      with cats as (select array_agg(id order by id) as ids, array_agg(nom order by id) as noms, count(*)::int as n from categorie),
      orgs as (
        select c.k, array_agg(co.organization_id order by co.organization_id) as ids
        from (select id, row_number() over (order by id) as k from categorie) c
        join categorie_organization co on co.categorie_id = c.id
        group by c.k
      ),
      rows as (
        -- The age's quantile grows with the row's number: rows lie in the table in filing order,
        -- as in a table filled over a year (an index scan of the lists in date order reads neighbouring
        -- pages; random ages would put every next report on another page).
        select g as n, random() as r_status, (g - 0.5) / ${size.reports}::float8 as r_age, random() as r_priority,
          1 + (g % (select n from cats)) as k, 1 + (hashint4(g::int) & 2147483647) % ${COMMUNES.length} as commune
        from generate_series(${from}::bigint, ${to}::bigint) g
      ),
      shaped as (
        select rows.*, cats.ids[k] as category_id, cats.noms[k] as type,
          case when r_status < 0.45 then 'en-attente' when r_status < 0.70 then 'en-cours'
               when r_status < 0.97 then 'resolu' else 'rejete' end as status,
          -- Use grows steadily over the year: the newest days have the most reports (at a
          -- million: about 5,500 the last day, 38,000 the last week).
          now() - (1 - sqrt(r_age)) * interval '365 days' as created_at
        from rows, cats
      ),
      ins as (
        insert into reports (anonymous_code, category_id, type, description, status, priority, address, department,
          latitude, longitude, created_at, updated_at, assigned_organization_id, claimed_at, resolved_at, reporter_hash)
        select
          'Z' || substr(${alphabet}, (n / 887503681 % 31)::int + 1, 1) || substr(${alphabet}, (n / 28629151 % 31)::int + 1, 1)
            || substr(${alphabet}, (n / 923521 % 31)::int + 1, 1) || substr(${alphabet}, (n / 29791 % 31)::int + 1, 1)
            || substr(${alphabet}, (n / 961 % 31)::int + 1, 1) || substr(${alphabet}, (n / 31 % 31)::int + 1, 1)
            || substr(${alphabet}, (n % 31)::int + 1, 1),
          category_id, type, (${descriptions})[1 + n % ${descriptionList.length}], status,
          case when r_priority < 0.15 then 'low' when r_priority < 0.75 then 'normal' when r_priority < 0.93 then 'high' else 'urgent' end,
          case when n % 10 < 7 then 'Rue ' || (n % 120) || ', ' || (${names})[commune] end,
          'Dakar',
          (${latitudes})[commune] + (random() - 0.5) * 0.015,
          (${longitudes})[commune] + (random() - 0.5) * 0.015,
          created_at, created_at,
          case when status in ('en-cours', 'resolu') then orgs.ids[1 + n % array_length(orgs.ids, 1)] end,
          case when status in ('en-cours', 'resolu') then created_at + interval '5 hours' end,
          case when status = 'resolu' then created_at + (1 + n % 200) * interval '1 hour' end,
          md5('device' || (n % 50000))
        from shaped left join orgs on orgs.k = shaped.k
        returning id, status, created_at, assigned_organization_id, claimed_at, resolved_at
      )
      insert into report_events (report_id, kind, actor_type, actor_id, from_status, to_status, created_at)
      select id, 'created', 'citizen', null, null, 'en-attente', created_at from ins
      union all
      select id, 'claimed', 'organization', assigned_organization_id::text, 'en-attente', 'en-cours', claimed_at from ins where claimed_at is not null
      union all
      select id, 'status_changed', 'organization', assigned_organization_id::text, 'en-cours', 'resolu', resolved_at from ins where resolved_at is not null`)
    log(`  ${to} reports`)
  }
  await db.execute(sql`
    insert into notifications (report_id, organization_id, title, message, anonymous_code, created_at)
    select id, assigned_organization_id, 'Problème résolu', 'Nos équipes sont intervenues. Merci pour votre signalement !',
      anonymous_code, resolved_at
    from reports where resolved_at is not null and abs(hashtext(id::text)) % 4 = 0`)
  log('  indexes…')
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`)
    for (const index of indexes) await tx.execute(sql.raw(index.definition))
    await tx.delete(serverSettings).where(eq(serverSettings.key, DROPPED_INDEXES))
  })
  // "Moi aussi": one public report in six has supporters (1 to about 15, most of them few), each
  // a device of its own.
  await db.execute(sql`
    with supported as (
      select id, 1 + floor(-ln(1 - random()) * 3)::int as supporters
      from reports where status <> 'rejete' and abs(hashtext(id::text)) % 6 = 0
    )
    insert into report_supports (report_id, reporter_hash, created_at)
    select s.id, md5('supporter' || s.id || k), now() - random() * interval '30 days'
    from supported s cross join lateral generate_series(1, s.supporters) k`)
  await db.execute(sql`
    update reports r set supporters_count = s.n
    from (select report_id, count(*)::int as n from report_supports group by report_id) s
    where s.report_id = r.id`)
  log('  supporters')
  // Visibility map and statistics, as autovacuum would leave them (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze`)
  await db
    .insert(serverSettings)
    .values({ key: MARKER, value: wanted })
    .onConflictDoUpdate({ target: serverSettings.key, set: { value: wanted } })
  log(`dataset ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

/** Our own constants as SQL array literals (drizzle would expand a JS array into a list). */
function textArray(values: readonly string[]) {
  return sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]::text[]`)
}

function floatArray(values: readonly number[]) {
  return sql.raw(`array[${values.map((v) => Number(v).toString()).join(',')}]::float8[]`)
}

/** The reports filed by an earlier run of the benchmark: the dataset stays the one generated. */
export async function removeBenchFilings(database: Database) {
  const removed = await queryRows<{ id: string }>(
    database.db,
    sql`delete from reports where description = ${BENCH_DESCRIPTION} returning id`,
  )
  // The removed reports were the newest: left dead, every index scan of the lists from the newest would
  // step over them until autovacuum came (a first search 20 times slower), and PGlite has none.
  if (removed.length > 0) await database.db.execute(sql`vacuum analyze reports`)
}
