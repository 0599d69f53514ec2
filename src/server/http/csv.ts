// The CSV files the app streams (the admin export, the open-data export): one way of writing a
// cell, safe from spreadsheet formulas, and one way of streaming batches of rows.
import { Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'

/** Semicolons: what Excel expects in a French locale. */
const SEPARATOR = ';'
/** Excel reads a file as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF'

/**
 * Where a spreadsheet could start a formula (CSV injection): at the start of the text, and after
 * anything some locale's spreadsheet takes for a cell or row boundary (comma, semicolon, tab, line
 * break), spaces or quotes allowed in between. An apostrophe goes there, so that the cell reads
 * as text whichever separator the reader assumes (French Excel: `;`, others: `,`).
 */
const FORMULA_START = /(?<=(?:^|[,;\t\r\n])[ "]*)(?=[=+\-@\t\r])/g

function cell(value: unknown): string {
  if (value === null || value === undefined) return ''
  // A number is data, never a formula: a western longitude stays -17.45, not '-17.45.
  if (typeof value === 'number') return String(value)
  // Quoted whenever a reader could split it: our separator, a comma or a tab (the separators
  // elsewhere), a quote or a line break.
  const text = String(value).replace(FORMULA_START, "'")
  return /[",;\t\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export interface CsvTable<Key extends string> {
  header(): string
  /** One line; the dates come already formatted (ISO 8601, UTC) from the query. */
  line(row: Readonly<Record<Key, unknown>>): string
  /** A batch of rows as one chunk of the response: one write per batch, not per line. */
  lines(rows: readonly Readonly<Record<Key, unknown>>[]): string
}

/**
 * A CSV of these columns (key and French header, in order); `shown` turns a column's value into
 * what the file says (a status's French label).
 */
export function csvTable<Key extends string>(
  columns: readonly (readonly [Key, string])[],
  shown: Partial<Record<Key, (value: unknown) => unknown>> = {},
): CsvTable<Key> {
  const line = (row: Readonly<Record<Key, unknown>>) =>
    `${columns
      .map(([key]) => {
        const show = shown[key]
        return cell(show ? show(row[key]) : row[key])
      })
      .join(SEPARATOR)}\r\n`
  return {
    header: () => `${CSV_BOM}${columns.map(([, header]) => cell(header)).join(SEPARATOR)}\r\n`,
    line,
    lines(rows) {
      let text = ''
      for (const row of rows) text += line(row)
      return text
    },
  }
}

/**
 * Streams `chunks` (already written text, read in batches from the database) as the response:
 * memory stays flat whatever the number of rows.
 */
export function sendStreamed(
  reply: FastifyReply,
  contentType: string,
  filename: string,
  chunks: AsyncIterable<string>,
) {
  return (
    reply
      .header('content-type', contentType)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      // One batch waits at most while the client reads the last one (16 by default).
      .send(Readable.from(chunks, { highWaterMark: 1 }))
  )
}
