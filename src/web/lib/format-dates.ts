// How dates and times read, for every screen, in the interface's language (French by default).
// An unreadable date is shown as received rather than "Invalid Date".

import { formattingLanguage } from './locale'
import { formatDateTimeIn, formatLongDateIn } from './locale-conventions'

function readable(iso: string): Date | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "22 novembre 2026" (in English "22 November 2026"). */
export function formatLongDate(iso: string): string {
  const date = readable(iso)
  return date ? formatLongDateIn(formattingLanguage(), date) : iso
}

/** "22 novembre 2026 à 10:05", in the visitor's time zone: for histories and messages. */
export function formatDateTime(iso: string): string {
  const date = readable(iso)
  return date ? formatDateTimeIn(formattingLanguage(), date) : iso
}
