import { eq, or, type SQL, sql } from 'drizzle-orm'
import { anonymousCodeIn } from '../../domain/citizen-rules'
import { reports } from '../db/schema'

/** A case-insensitive substring pattern, with LIKE's own wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * pg_trgm finds nothing to look up in a pattern without three letters or digits in a row (it
 * would read the whole index): such a search goes without the index.
 */
function indexable(text: string): boolean {
  return /[a-z0-9]{3}/i.test(text.normalize('NFD').replace(/\p{M}/gu, ''))
}

/**
 * Reports whose category, description, address, department or code contain `q`, whatever its
 * accents and case (the folded `search_document`, one field per line: a search holds no line
 * break, so no match straddles two fields); or whose code is the one `q` spells (read out on the
 * phone: "7KQ2 M9XD", "7kq2-m9xd"), through the code's own index.
 */
export function textMatches(q: string | undefined): SQL | undefined {
  const words = q?.replace(/\s+/g, ' ').trim()
  if (!words) return undefined
  const pattern = sql`search_text(${containing(words)}::text)`
  // Without three letters or digits in a row the trigram index cannot narrow anything: the
  // search then reads the rows its other filters leave (`|| ''` keeps the planner off the index).
  const document = indexable(words)
    ? sql`${reports.search_document}`
    : sql`(${reports.search_document} || '')`
  const matches = sql`${document} like ${pattern}`
  const code = anonymousCodeIn(words)
  return code ? (or(matches, eq(reports.anonymous_code, code)) as SQL) : matches
}
