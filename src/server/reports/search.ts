import { eq, or, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { anonymousCodeIn } from '../../domain/citizen-rules'
import { reports } from '../db/schema'

/** A case-insensitive substring pattern, with LIKE's own wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * Text as searches compare it: lower-case, without accents ("Chaussée" → "chaussee"), by the
 * database's own `search_text` (migration 0005_search_unaccent), so that query and index agree.
 */
const folded = (text: SQL | PgColumn) => sql`search_text(${text})`

/**
 * The text the trigram index `reports_search_idx` covers (migration 0005_search_unaccent):
 * written exactly as the index says, or PostgreSQL would not use it.
 */
const searchDocument = sql`search_text(reports.type || ' ' || reports.description || ' ' || coalesce(reports.address, '') || ' ' || coalesce(reports.department, '') || ' ' || reports.anonymous_code)`

/**
 * pg_trgm finds nothing to look up in a pattern without three letters or digits in a row (it
 * would read the whole index): such a search goes without the index.
 */
function indexable(text: string): boolean {
  return /[a-z0-9]{3}/i.test(text.normalize('NFD').replace(/\p{M}/gu, ''))
}

/**
 * Reports whose given columns contain `q`, whatever its accents and case; or whose code is the
 * one `q` spells (read out on the phone: "7KQ2 M9XD", "7kq2-m9xd"), through the code's own
 * index. The trigram index narrows the candidates; each column is then checked, so that a match
 * never straddles two columns.
 */
export function textMatches(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined
  const pattern = folded(sql`${containing(q)}::text`)
  const inColumns = or(...columns.map((column) => sql`${folded(column)} like ${pattern}`)) as SQL
  const inText = indexable(q) ? sql`(${searchDocument} like ${pattern} and ${inColumns})` : inColumns
  const code = anonymousCodeIn(q)
  return code ? or(inText, eq(reports.anonymous_code, code)) : inText
}
