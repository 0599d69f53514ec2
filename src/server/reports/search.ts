// The text searches of the report lists (admin, organisation), fast at a million reports
// (issue 19): words through the full-text index, a code through its own, a total counted up to
// SEARCH_COUNT_LIMIT, and pages read the one way that stays short for the matches at hand.
import { and, or, type SQL, sql } from 'drizzle-orm'
import { anonymousCodeStartIn } from '../../domain/citizen-rules'
import { SEARCH_COUNT_LIMIT } from '../../domain/constants'
import { hasNextPage, PAGE_CURSOR_INVALID, type Page, type PageCursor } from '../../domain/pagination'
import { type Db, queryRows } from '../db/database'
import { reports } from '../db/schema'
import { AppError } from '../errors'

/** A case-insensitive substring pattern, with LIKE's own wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The last word of a search is taken as the start of one from this many characters on. */
const PREFIX_MIN_LENGTH = 3

/**
 * A search as the lists run it, with what the planner's statistics say of its words. The last word
 * is also the start of a longer one ("lampad" finds "lampadaire": a search is typed as it is read),
 * unless the reports use it often as it stands ("nuit", "route"): then it is that word. A prefix
 * makes the index gather every report of every word it starts (tens of thousands for a common word
 * at a million reports) before the other filters apply; a whole word is read along with them.
 */
export interface TextSearch {
  text: string
  lastWordWhole: boolean
  /**
   * Whether every word is among the most common ones ANALYZE keeps for `search_vector`: the
   * planner's estimate of the matches is then worth something (countMatches).
   */
  wordsCommon: boolean
}

/** The words of a text: letters and digits only (nothing else reaches the query syntax). */
function wordsOf(text: string): string[] {
  return text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []
}

/** Each word, and whether it may be the start of a longer one (the last one, long enough). */
function typedWords(text: string): { word: string; prefix: boolean }[] {
  const words = wordsOf(text)
  return words.map((word, i) => ({
    word,
    prefix: i === words.length - 1 && word.length >= PREFIX_MIN_LENGTH,
  }))
}

/** The text-search query of a search's words, each stemmed, accents aside, by `alertes_fr`. */
function wordsQuery(search: TextSearch): string | null {
  const words = typedWords(search.text)
  if (words.length === 0) return null
  return words.map(({ word, prefix }) => (prefix && !search.lastWordWhole ? `${word}:*` : word)).join(' & ')
}

/**
 * A search of `q`, its words looked up among the reports' most common ones (one statement: a
 * common word, as the configuration reduces it, is one the statistics hold; a start, one that
 * starts one of them); none when `q` is blank.
 */
export async function textSearch(db: Db, q: string | undefined): Promise<TextSearch | undefined> {
  const text = q?.trim()
  if (!text) return undefined
  const words = typedWords(text)
  if (words.length === 0) return { text, lastWordWhole: false, wordsCommon: false }
  const [row] = await queryRows<{ whole: boolean | null; common: boolean | null }>(
    db,
    sql`with common as (
        select unnest(s.most_common_elems::text::text[]) as word from pg_stats s
        where s.schemaname = 'public' and s.tablename = 'reports' and s.attname = 'search_vector'
      ),
      term as (
        select unnest(tsvector_to_array(to_tsvector('public.alertes_fr', word))) as lexeme, prefix
        from jsonb_to_recordset(${JSON.stringify(words)}::jsonb) as w(word text, prefix boolean)
      )
      select bool_and(lexeme in (select word from common)) filter (where prefix) as whole,
        bool_and(exists (
          select 1 from common where common.word = term.lexeme or (term.prefix and starts_with(common.word, term.lexeme))
        )) as common
      from term`,
  )
  return { text, lastWordWhole: row?.whole === true, wordsCommon: row?.common === true }
}

/**
 * Reports whose category, description, address or department hold the words of a search, whatever
 * their accents, case or endings; or whose code starts with what it spells. Both through an
 * index (migration 0007_search_full_text). A search with nothing to look up matches nothing.
 */
export function textMatches(search: TextSearch | undefined): SQL | undefined {
  if (!search) return undefined
  const words = wordsQuery(search)
  const code = anonymousCodeStartIn(search.text)
  const byWords = words
    ? sql`${reports.search_vector} @@ to_tsquery('public.alertes_fr', ${words})`
    : undefined
  const byCode = code ? sql`${reports.anonymous_code} like ${`${code}%`}` : undefined
  return or(byWords, byCode) ?? sql`false`
}

/**
 * How a search's reports are read. "matches": the index hands over every match, which are then
 * ordered (few matches). "walk": the list is read in its order and each report checked (many
 * matches: a page is filled after a few rows). Each is held to its way by the planner's settings:
 * left alone, the planner walks the list for a word it believes common in it, and "lampadaire",
 * common in Dakar, is absent from the roads' reports: it would read the roads' whole list.
 */
type SearchPlan = 'matches' | 'walk'
const PLAN_SETTINGS: Record<SearchPlan, [string, string][]> = {
  matches: [
    ['enable_seqscan', 'off'],
    ['enable_indexscan', 'off'],
    ['enable_indexonlyscan', 'off'],
  ],
  // A walk the estimates misled (words and categories go together) gives up after this long, for
  // the matches' way; PostgreSQL only (PGlite has no timer).
  walk: [
    ['enable_seqscan', 'off'],
    ['enable_bitmapscan', 'off'],
    ['enable_sort', 'off'],
    ['statement_timeout', '150ms'],
  ],
}

async function withPlan<T>(db: Db, plan: SearchPlan, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One statement for all the settings, local to the transaction.
    const settings = PLAN_SETTINGS[plan].map(([name, value]) => sql`set_config(${name}, ${value}, true)`)
    await tx.execute(sql`select ${sql.join(settings, sql`, `)}`)
    return read(tx as unknown as Db)
  })
}

/** A statement stopped by its `statement_timeout`, through drizzle's wrapping or not. */
function timedOut(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code
  return code(error) === '57014' || code((error as { cause?: unknown } | null)?.cause) === '57014'
}

/** Reads the walking way, and the matches' way if the walk was stopped. */
async function walkingElseMatching<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await withPlan(db, 'walk', read)
  } catch (error) {
    if (!timedOut(error)) throw error
    return withPlan(db, 'matches', read)
  }
}

/** The planner's estimate of how many reports `where` selects, from its statistics (no row read). */
async function estimatedRows(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
    db,
    sql`explain (format json) select 1 from ${reports}${where ? sql` where ${where}` : sql``}`,
  )
  const plan = row?.['QUERY PLAN']
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }]
  return parsed[0].Plan['Plan Rows']
}

/**
 * From this many estimated matches on, a search says "Plus de 1 000" on the planner's word: a
 * count would read tens of thousands of index entries for a figure nobody reads.
 */
const CAPPED_BY_ESTIMATE = 2 * SEARCH_COUNT_LIMIT
/**
 * The share of a list's reports matching a search from which counting them by walking the list is
 * the shorter way: the count stops at SEARCH_COUNT_LIMIT + 1 after about 20,000 rows at most.
 */
const WALKING_SHARE = (SEARCH_COUNT_LIMIT + 1) / 20_000

/**
 * How many reports of a list match a search, up to SEARCH_COUNT_LIMIT + 1. The planner's estimates
 * of the matches and of the list choose the way: none (a great many), walking the list (a large
 * share of it), or the index's matches (the others). Never all matches read to count them.
 */
export async function countMatches(
  db: Db,
  list: {
    where: SQL
    /** The search, whose words the estimates may know or not. */
    search: TextSearch
    /** The reports a walk of the list's order reads through (its index): the share is of those. */
    walked: SQL | undefined
    /**
     * False when a walk would read mostly reports the list leaves out (a town hall's communes, a
     * tenth of its index): the index's matches are then always the shorter way.
     */
    walkable?: boolean
  },
): Promise<number> {
  // An estimate is worth something for words ANALYZE saw often; for the others (a rare word, a
  // code) the planner assumes a default share, and the index's matches are few: counted.
  const matches = list.search.wordsCommon ? await estimatedRows(db, list.where) : 0
  if (matches >= CAPPED_BY_ESTIMATE) return SEARCH_COUNT_LIMIT + 1
  const counting = (order: SQL) => (tx: Db) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from ${reports} where ${list.where}${order} limit ${SEARCH_COUNT_LIMIT + 1}) matches`,
    ).then(([row]) => Number(row?.n ?? 0))
  if (list.walkable === false) return withPlan(db, 'matches', counting(sql``))
  const share = matches / Math.max(1, await estimatedRows(db, list.walked))
  return share >= WALKING_SHARE
    ? walkingElseMatching(db, counting(sql` order by ${reports.created_at} desc, ${reports.id} desc`))
    : withPlan(db, 'matches', counting(sql``))
}

/** The sort keys of a list's order, newest first; the id last, so that every row has its place. */
export type SearchOrder = 'newest' | 'supporters'

const ORDER_KEYS: Record<SearchOrder, SQL[]> = {
  newest: [sql`${reports.created_at}`, sql`${reports.id}`],
  supporters: [sql`${reports.supporters_count}`, sql`${reports.created_at}`, sql`${reports.id}`],
}

/** A row's sort keys as the cursor carries them: text, read back exactly (microseconds included). */
type CursorKeys = (string | number)[]

function encodeCursor(keys: CursorKeys): string {
  return Buffer.from(JSON.stringify(keys)).toString('base64url')
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The keys of a cursor this server gave for that order; anything else is refused (400). */
function decodeCursor(cursor: string, order: SearchOrder): CursorKeys {
  let keys: unknown
  try {
    keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    keys = null
  }
  const valid =
    Array.isArray(keys) &&
    keys.length === ORDER_KEYS[order].length &&
    UUID_TEXT.test(String(keys.at(-1))) &&
    TIMESTAMP_TEXT.test(String(keys.at(-2))) &&
    (order === 'newest' || Number.isInteger(keys[0]))
  if (!valid) throw new AppError('invalid_input', { message: PAGE_CURSOR_INVALID })
  return keys as CursorKeys
}

function cursorCondition(order: SearchOrder, keys: CursorKeys, direction: 'after' | 'before'): SQL {
  const columns = sql.join(ORDER_KEYS[order], sql`, `)
  const values = sql.join(
    keys.map((key, i) =>
      i === keys.length - 1
        ? sql`${key}::uuid`
        : i === keys.length - 2
          ? sql`${key}::timestamptz`
          : sql`${key}::int`,
    ),
    sql`, `,
  )
  // A row comparison: PostgreSQL starts the walk of the order's index right there.
  return direction === 'after' ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`
}

export interface SearchList<T> {
  /** The list's reports that match the search, filters and scope included. */
  where: SQL
  order: SearchOrder
  /** The matches' count, up to SEARCH_COUNT_LIMIT + 1 (kept by the read cache by the caller). */
  count: () => Promise<number>
  /** The rows of these ids, in the list's order. */
  rowsOf: (db: Db, ids: string[]) => Promise<T[]>
  /** False: never walked (countMatches' `walkable`), however many the matches. */
  walkable?: boolean
}

/**
 * One page of a search: by its number (from the start), or after or before the page a cursor
 * ends (keyset), with the cursors of its neighbours. The total stops at SEARCH_COUNT_LIMIT.
 */
export async function readSearchPage<T>(
  db: Db,
  list: SearchList<T>,
  page: number,
  pageSize: number,
  cursor: PageCursor,
): Promise<Page<T>> {
  const matched = await list.count()
  const backwards = Boolean(cursor.before && !cursor.after)
  const from = cursor.after
    ? cursorCondition(list.order, decodeCursor(cursor.after, list.order), 'after')
    : cursor.before
      ? cursorCondition(list.order, decodeCursor(cursor.before, list.order), 'before')
      : undefined
  const keys = ORDER_KEYS[list.order]
  const order = sql.join(
    keys.map((key) => (backwards ? sql`${key} asc` : sql`${key} desc`)),
    sql`, `,
  )
  const keyText = sql.join(
    keys.map((key, i) => (i === keys.length - 2 ? sql`${key}::text` : key)),
    sql`, `,
  )
  const read = (tx: Db) =>
    queryRows<{ id: string; keys: CursorKeys }>(
      tx,
      sql`select ${reports.id} as id, json_build_array(${keyText}) as keys from ${reports}
        where ${and(list.where, from)} order by ${order}
        limit ${pageSize} offset ${from ? 0 : (page - 1) * pageSize}`,
    )
  const found =
    matched > SEARCH_COUNT_LIMIT && list.walkable !== false
      ? await walkingElseMatching(db, read)
      : await withPlan(db, 'matches', read)
  const rows = backwards ? found.reverse() : found
  // Their rows outside the plan's settings: the planner finds ten ids by their key.
  const items = await list.rowsOf(
    db,
    rows.map((row) => row.id),
  )
  const firstKeys = rows[0]?.keys
  const lastKeys = rows.at(-1)?.keys
  const result: Page<T> = {
    items,
    total: Math.min(matched, SEARCH_COUNT_LIMIT),
    page,
    pageSize,
    ...(matched > SEARCH_COUNT_LIMIT ? { totalCapped: true } : {}),
  }
  return {
    ...result,
    ...(lastKeys && hasNextPage(result) ? { next: encodeCursor(lastKeys) } : {}),
    ...(firstKeys && page > 1 ? { previous: encodeCursor(firstKeys) } : {}),
  }
}
