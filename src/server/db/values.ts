import { type Column, type SQL, sql } from 'drizzle-orm'

/** Timestamps come back from either driver as PostgreSQL text; the API speaks ISO 8601 UTC. */
export function toIso(value: string | Date): string {
  return new Date(value).toISOString()
}

/** Whether a failed query broke this unique constraint (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return isViolation(error, '23505', constraint)
}

/** Whether a write was refused by the check `constraint`, through drizzle's wrapping or not. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  return isViolation(error, '23514', constraint)
}

function isViolation(error: unknown, code: string, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string }
    if (candidate.code === code && candidate.constraint === constraint) return true
  }
  return false
}

/**
 * A list of the domain's statuses written into the SQL text itself, not as parameters: the
 * planner can then match a query's `status <> 'x'` with a partial index's, and the schema's
 * checks come out the same. Only constants of src/domain go here, never input.
 */
export function valueList(values: readonly string[]): SQL {
  for (const value of values) {
    if (!/^[a-z_-]+$/.test(value)) throw new Error(`not a value of the domain: ${value}`)
  }
  return sql.raw(values.map((value) => `'${value}'`).join(', '))
}

type Operand = Column | SQL

/** `column = 'x'` for one value, `column in (…)` for several, the values written in the SQL text. */
export function isOneOf(column: Operand, values: readonly string[]): SQL {
  return values.length === 1
    ? sql`${column} = ${valueList(values)}`
    : sql`${column} in (${valueList(values)})`
}

/** `column <> 'x'` for one value (as a partial index says it), `column not in (…)` for several. */
export function isNoneOf(column: Operand, values: readonly string[]): SQL {
  return values.length === 1
    ? sql`${column} <> ${valueList(values)}`
    : sql`${column} not in (${valueList(values)})`
}
