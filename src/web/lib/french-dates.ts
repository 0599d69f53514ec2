// How dates and times read, for every screen, in the interface's language (French by default;
// the file keeps its name: the dates of SPEC.md are French). An unreadable date is shown as
// received rather than "Invalid Date".
import { cachedFormatter } from './locale'

const longDate = () =>
  cachedFormatter(
    'long-date',
    (locales) => new Intl.DateTimeFormat(locales, { day: 'numeric', month: 'long', year: 'numeric' }),
  )
const dateTime = () =>
  cachedFormatter(
    'date-time',
    (locales) => new Intl.DateTimeFormat(locales, { dateStyle: 'long', timeStyle: 'short' }),
  )

function readable(iso: string): Date | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "22 novembre 2026" (in English "22 November 2026"). */
export function formatLongDate(iso: string): string {
  const date = readable(iso)
  return date ? longDate().format(date) : iso
}

/** "22 novembre 2026 à 10:05", in the visitor's time zone: for histories and messages. */
export function formatDateTime(iso: string): string {
  const date = readable(iso)
  return date ? dateTime().format(date) : iso
}
