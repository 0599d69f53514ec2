// The text searches of the report lists (admin, organisation), fast at a million reports
// (issue 19): words through the full-text index, a code through its own, a total counted up to
// SEARCH_COUNT_LIMIT, and pages read by the scan (bitmap or index) that stays short for the matches
// at hand.
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
 * How a search's reports are read. "bitmapScan": the full-text index hands over every match, which
 * are then sorted (few matches). "indexScan": the list's order index is read in order and each
 * report checked (many matches: a page is filled after a few rows). Each plan is forced by the
 * planner's settings: left alone, the planner picks the index scan for a word it believes common
 * in the list, and "lampadaire", common in Dakar, is absent from the roads' reports: it would read
 * the roads' whole list.
 */
type SearchPlan = 'bitmapScan' | 'indexScan'
const PLAN_SETTINGS: Record<SearchPlan, [string, string][]> = {
  bitmapScan: [
    ['enable_seqscan', 'off'],
    ['enable_indexscan', 'off'],
    ['enable_indexonlyscan', 'off'],
  ],
  // An index scan the estimates misled (words and categories go together) gives up after this
  // long, for the bitmap scan; PostgreSQL only (PGlite has no timer).
  indexScan: [
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

/** Reads by an index scan, and by a bitmap scan if the index scan timed out. */
async function indexScanElseBitmapScan<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await withPlan(db, 'indexScan', read)
  } catch (error) {
    if (!timedOut(error)) throw error
    return withPlan(db, 'bitmapScan', read)
  }
}

/** A node of a plan as EXPLAIN's JSON gives it: the fields the searches read. */
interface PlanNode {
  'Node Type': string
  'Plan Rows'?: number
  'Actual Rows'?: number
  Filter?: string
  Plans?: PlanNode[]
}

/** The top node of an EXPLAIN (FORMAT JSON) statement, which a driver gives as text or parsed. */
async function planOf(db: Db, explain: SQL): Promise<PlanNode> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, explain)
  const plan = row?.['QUERY PLAN']
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }])[0].Plan
}

/** The planner's estimate of how many reports `where` selects, from its statistics (no row read). */
async function estimatedRows(db: Db, where: SQL | undefined): Promise<number> {
  const plan = await planOf(
    db,
    sql`explain (format json) select 1 from ${reports}${where ? sql` where ${where}` : sql``}`,
  )
  return plan['Plan Rows'] ?? 0
}

/**
 * From this many estimated matches on, a search says "Plus de 1 000" on the planner's word: a
 * count would read tens of thousands of index entries for a figure nobody reads.
 */
const CAPPED_BY_ESTIMATE = 2 * SEARCH_COUNT_LIMIT
/**
 * The share of a list's reports matching a search from which an index scan of the list counts them
 * sooner: the count stops at SEARCH_COUNT_LIMIT + 1 after about 20,000 rows at most.
 */
const INDEX_SCAN_SHARE = (SEARCH_COUNT_LIMIT + 1) / 20_000

/**
 * How a search's matches are counted: not at all (a great many), by an index scan of the list, by a
 * bitmap scan, or by a bitmap scan once the bitmap has said how many it holds (indexedMatches).
 */
type CountingPlan = 'capped' | 'indexScan' | 'bitmapScan' | 'bitmapSizeFirst'

/**
 * How to count the reports of a list that match a search, up to SEARCH_COUNT_LIMIT + 1. The
 * planner's estimates of the matches and of the list choose the plan: none (a great many), an
 * index scan of the list (a large share of it), or a bitmap scan (the others). Never all matches
 * read to count them.
 */
async function countingPlan(
  db: Db,
  list: Pick<SearchList<unknown>, 'where' | 'search' | 'indexScanned' | 'mayCountByIndexScan'>,
): Promise<CountingPlan> {
  // An estimate is worth something for words ANALYZE saw often; for the others (a rare word, a
  // code) the planner assumes a default share, and the index's matches are few: counted.
  const matches = list.search.wordsCommon ? await estimatedRows(db, list.where) : 0
  if (matches >= CAPPED_BY_ESTIMATE) return 'capped'
  // In doubt, the index is asked first: an estimate near the limit, or common words that go
  // together ("nid de poule"), which the planner takes as independent and puts at a few hundred.
  // A thousand reports would be read only to learn that there are more. Not for a prefix: its
  // estimate is worth little, and gathering every word it starts twice cost more than it saved.
  const doubtful =
    list.search.wordsCommon &&
    !wordsQuery(list.search)?.endsWith(':*') &&
    (matches >= SEARCH_COUNT_LIMIT / 2 || typedWords(list.search.text).length > 1)
  const byBitmap = doubtful ? 'bitmapSizeFirst' : 'bitmapScan'
  if (list.mayCountByIndexScan === false) return byBitmap
  const share = matches / Math.max(1, await estimatedRows(db, list.indexScanned))
  return share >= INDEX_SCAN_SHARE ? 'indexScan' : byBitmap
}

/**
 * How many reports the index holds for `where`, read from the bitmap PostgreSQL builds to find
 * the first of them (EXPLAIN ANALYZE: every match's entry, one report read). Only when the plan
 * is one index's bitmap with no filter after it: its entries are then the matches (a text query
 * of plain words needs no recheck); null otherwise.
 */
async function indexedMatches(tx: Db, where: SQL): Promise<number | null> {
  const limit = await planOf(
    tx,
    sql`explain (analyze, timing off, costs off, summary off, format json)
      select 1 from ${reports} where ${where} limit 1`,
  )
  const heap = limit.Plans?.[0]
  const bitmap = heap?.Plans?.[0]
  const oneBitmap =
    limit['Node Type'] === 'Limit' &&
    heap?.['Node Type'] === 'Bitmap Heap Scan' &&
    heap.Filter === undefined &&
    heap.Plans?.length === 1 &&
    bitmap?.['Node Type'] === 'Bitmap Index Scan'
  return oneBitmap ? (bitmap['Actual Rows'] ?? null) : null
}

/** Counts the matches up to SEARCH_COUNT_LIMIT + 1, in `order` (an index scan's) or none (a bitmap scan's). */
function counting(where: SQL, order: SQL) {
  return (tx: Db) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from ${reports} where ${where}${order} limit ${SEARCH_COUNT_LIMIT + 1}) matches`,
    ).then(([row]) => Number(row?.n ?? 0))
}

/** The sort keys of a list's order, newest first; the id last, so that every row has its place. */
export type SearchOrder = 'newest' | 'supporters'

const ORDER_KEYS: Record<SearchOrder, SQL[]> = {
  newest: [sql`${reports.created_at}`, sql`${reports.id}`],
  supporters: [sql`${reports.supporters_count}`, sql`${reports.created_at}`, sql`${reports.id}`],
}

/** `keys` as an ORDER BY list, each descending (the list's order) or ascending (read backwards). */
function orderOf(keys: SQL[], direction: 'desc' | 'asc'): SQL {
  return sql.join(
    keys.map((key) => sql`${key} ${sql.raw(direction)}`),
    sql`, `,
  )
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
  // A row comparison: PostgreSQL starts the index scan of the order's index right there.
  return direction === 'after' ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`
}

export interface SearchList<T> {
  /** The list's reports that match the search, filters and scope included. */
  where: SQL
  order: SearchOrder
  /** The search, whose words the planner's estimates may know or not (countingPlan). */
  search: TextSearch
  /** The reports an index scan of the list's order reads through: the matches' share is of those. */
  indexScanned: SQL | undefined
  /**
   * False when an index scan would read mostly reports the list leaves out (a town hall's communes,
   * a tenth of its index): its matches are then always counted by a bitmap scan. A page of more
   * than SEARCH_COUNT_LIMIT matches is still read by an index scan: a few hundred rows, where a
   * bitmap scan reads and sorts every match.
   */
  mayCountByIndexScan?: boolean
  /**
   * The matches' count as the caller keeps it (the read cache, until a report changes): `count`
   * when it keeps none.
   */
  keptCount: (count: () => Promise<number>) => Promise<number>
  /** The rows of these ids, in the list's order. */
  rowsOf: (db: Db, ids: string[]) => Promise<T[]>
}

interface PageRow {
  id: string
  keys: CursorKeys
}

/**
 * The matches of a bitmap scan, up to SEARCH_COUNT_LIMIT + 1, counted, and the page of them at
 * `offset` in the list's order (newest first): the matches read once for both.
 */
async function countedPage(
  tx: Db,
  where: SQL,
  keys: SQL[],
  keyText: SQL,
  pageSize: number,
  offset: number,
): Promise<{ total: number; rows: PageRow[] }> {
  const sortKeys = sql.join(
    keys.map((key, i) => sql`${key} as k${sql.raw(String(i))}`),
    sql`, `,
  )
  const sortOrder = sql.raw(keys.map((_, i) => `k${i} desc`).join(', '))
  const rows = await queryRows<{ total: number; id: string | null; keys: CursorKeys | null }>(
    tx,
    sql`with matches as materialized (
        select ${reports.id} as id, json_build_array(${keyText}) as keys, ${sortKeys} from ${reports}
        where ${where} limit ${SEARCH_COUNT_LIMIT + 1}
      )
      select counted.total, page.id, page.keys
      from (select count(*)::int as total from matches) counted
      left join lateral (
        select id, keys, ${sql.raw(keys.map((_, i) => `k${i}`).join(', '))} from matches
        order by ${sortOrder} limit ${pageSize} offset ${offset}
      ) page on true
      order by ${sortOrder}`,
  )
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.flatMap((row) => (row.id && row.keys ? [{ id: row.id, keys: row.keys }] : [])),
  }
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
  const backwards = Boolean(cursor.before && !cursor.after)
  const from = cursor.after
    ? cursorCondition(list.order, decodeCursor(cursor.after, list.order), 'after')
    : cursor.before
      ? cursorCondition(list.order, decodeCursor(cursor.before, list.order), 'before')
      : undefined
  const keys = ORDER_KEYS[list.order]
  const order = orderOf(keys, backwards ? 'asc' : 'desc')
  const keyText = sql.join(
    keys.map((key, i) => (i === keys.length - 2 ? sql`${key}::text` : key)),
    sql`, `,
  )
  const offset = from ? 0 : (page - 1) * pageSize
  const read = (tx: Db) =>
    queryRows<PageRow>(
      tx,
      sql`select ${reports.id} as id, json_build_array(${keyText}) as keys from ${reports}
        where ${and(list.where, from)} order by ${order}
        limit ${pageSize} offset ${offset}`,
    )
  // A numbered page of matches read by a bitmap scan: read with their count, in one statement.
  let readWithCount: PageRow[] | undefined
  const matched = await list.keptCount(async () => {
    const plan = await countingPlan(db, list)
    if (plan === 'capped') return SEARCH_COUNT_LIMIT + 1
    if (plan === 'indexScan') {
      return indexScanElseBitmapScan(
        db,
        counting(list.where, sql` order by ${orderOf(ORDER_KEYS.newest, 'desc')}`),
      )
    }
    return withPlan(db, 'bitmapScan', async (tx) => {
      // (Not asked of the others: a second pass over the index would cost them more than it saves.)
      if (plan === 'bitmapSizeFirst') {
        const indexed = await indexedMatches(tx, list.where)
        if (indexed !== null && indexed > SEARCH_COUNT_LIMIT) return SEARCH_COUNT_LIMIT + 1
      }
      if (from) return counting(list.where, sql``)(tx)
      const counted = await countedPage(tx, list.where, keys, keyText, pageSize, offset)
      // Past the limit the matches kept are any of them, not the first: the page is read again.
      if (counted.total <= SEARCH_COUNT_LIMIT) readWithCount = counted.rows
      return counted.total
    })
  })
  const found =
    readWithCount ??
    (matched > SEARCH_COUNT_LIMIT
      ? await indexScanElseBitmapScan(db, read)
      : await withPlan(db, 'bitmapScan', read))
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
