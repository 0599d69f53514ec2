import { ilike, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** A case-insensitive substring pattern, with LIKE's own wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The text the trigram index `reports_search_idx` covers (migration 0002_read_models): written
 * exactly as the index says, or PostgreSQL would not use it.
 */
const searchDocument = sql`(reports.type || ' ' || reports.description || ' ' || coalesce(reports.department, '') || ' ' || reports.anonymous_code)`

/**
 * pg_trgm finds nothing to look up in a pattern without three letters or digits in a row (it
 * would read the whole index): such a search goes without the index. Conservative on purpose:
 * in a C locale, PGlite's, an accented letter splits a word.
 */
function indexable(text: string): boolean {
  return /[a-z0-9]{3}/i.test(text)
}

/**
 * Reports whose given columns contain `q`, case-insensitively. The trigram index narrows the
 * candidates; each column is then checked, so that a match never straddles two columns.
 */
export function textMatches(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined
  const pattern = containing(q)
  const inColumns = or(...columns.map((column) => ilike(column, pattern)))
  return indexable(q) ? sql`(${searchDocument} ilike ${pattern} and ${inColumns})` : inColumns
}
