import { REPORT_EXPORT_COLUMNS } from '../../domain/admin'
import { REPORT_PRIORITIES, REPORT_STATUSES } from '../../domain/report-states'

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

export function csvHeader(): string {
  return `${CSV_BOM}${REPORT_EXPORT_COLUMNS.map(([, header]) => cell(header)).join(SEPARATOR)}\r\n`
}

type ExportValues = Record<(typeof REPORT_EXPORT_COLUMNS)[number][0], unknown>

/** One line; the dates come already formatted (ISO 8601, UTC) from the query. */
export function csvLine(row: ExportValues): string {
  return `${REPORT_EXPORT_COLUMNS.map(([key]) => {
    const value = row[key]
    if (key === 'status') return cell(REPORT_STATUSES[value as keyof typeof REPORT_STATUSES]?.label ?? value)
    if (key === 'priority')
      return cell(REPORT_PRIORITIES[value as keyof typeof REPORT_PRIORITIES]?.label ?? value)
    return cell(value)
  }).join(SEPARATOR)}\r\n`
}

/** A batch of rows as one chunk of the response: one write per batch, not per line. */
export function csvLines(rows: readonly ExportValues[]): string {
  let text = ''
  for (const row of rows) text += csvLine(row)
  return text
}
