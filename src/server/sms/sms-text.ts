// What the SMS channel reads and writes as text (issue 31): a reply fitted to two SMS, and a
// citizen's answer read as one of a list of names, typos aside.
import { distance } from 'fastest-levenshtein'
import { SegmentedMessage } from 'sms-segments-calculator'
import { COMMUNES } from '../../domain/communes'
import { foldPlaceName } from '../../domain/place-names'
import { SMS_COMMUNES_OFFERED, SMS_REPLY_MAX_SEGMENTS } from '../../domain/sms-rules'

// Letters French uses that GSM-7 lacks (é, è, à, ù, Ç, É are in it): a reply without them stays
// in GSM-7, 153 characters per SMS instead of 67.
const OUTSIDE_GSM: Record<string, string> = {
  â: 'a',
  ê: 'e',
  ë: 'e',
  î: 'i',
  ï: 'i',
  ô: 'o',
  û: 'u',
  ü: 'u',
  ç: 'c',
  á: 'a',
  í: 'i',
  ó: 'o',
  ú: 'u',
  œ: 'oe',
  Œ: 'OE',
  À: 'A',
  Â: 'A',
  È: 'E',
  Ê: 'E',
  Î: 'I',
  Ô: 'O',
  Û: 'U',
  '’': "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '…': '...',
  '–': '-',
  '—': '-',
  '\u00a0': ' ',
  '\u202f': ' ',
}

/** `text` written with GSM-7's characters where French allows it ("fenêtre" → "fenetre"). */
export function inGsmLetters(text: string): string {
  return text
    .replace(/«[\s\u00a0\u202f]*/g, '"')
    .replace(/[\s\u00a0\u202f]*»/g, '"')
    .replace(/[âêëîïôûüçáíóúœŒÀÂÈÊÎÔÛ’‘«»…–—\u00a0\u202f]/g, (c) => OUTSIDE_GSM[c] ?? c)
}

/** How many SMS `text` takes (GSM-7, or UCS-2 when a character forces it). */
export function smsSegments(text: string): number {
  return new SegmentedMessage(text).segmentsCount
}

/** Whether `text` fits in a reply (SMS_REPLY_MAX_SEGMENTS). */
export function fitsInReply(text: string): boolean {
  return smsSegments(text) <= SMS_REPLY_MAX_SEGMENTS
}

/**
 * `text`, in GSM letters, cut with "..." so that it and `tail` (an address) fit in a reply
 * together; whole when it fits.
 */
export function cutToReply(text: string, tail = ''): string {
  const joined = (body: string) => (tail ? `${body}\n${tail}` : body)
  const whole = inGsmLetters(text)
  if (fitsInReply(joined(whole))) return joined(whole)
  // Characters are counted from the end of the words: a reply never ends mid-word.
  const words = whole.split(/(\s+)/)
  while (words.length > 0 && !fitsInReply(joined(`${words.join('').trimEnd()}...`))) words.pop()
  return joined(`${words.join('').trimEnd()}...`)
}

/** How far two folded names may be apart and still be the same: typos, one or two. */
function typosAllowed(name: string): number {
  return name.length <= 4 ? 0 : name.length <= 7 ? 1 : 2
}

/** A folded name and its runs of `length` words ("grand yoff": "grand", "yoff"; "fass"). */
function wordRuns(name: string, length: number): string[] {
  const words = name.split(' ')
  const runs = [name]
  for (let i = 0; i + length <= words.length; i++) runs.push(words.slice(i, i + length).join(' '))
  return runs
}

/** The fewest typos between a folded answer and a name, whole or some of its words. */
function typosTo(folded: string, name: string): number {
  const runs = wordRuns(foldPlaceName(name), folded.split(' ').length)
  return Math.min(...runs.map((run) => distance(folded, run)))
}

/**
 * What a citizen's answer names among `names` (1-based numbers as listed, or a name, accents,
 * case, dashes and one or two typos aside; some words of a long name do: "parcelles", "fass"), as
 * its index; null when it names none, or several alike.
 */
export function chosenAmong(answer: string, names: readonly string[]): number | null {
  const folded = foldPlaceName(answer)
  if (/^\d+$/.test(folded)) {
    const number = Number(folded)
    return number >= 1 && number <= names.length ? number - 1 : null
  }
  if (!folded) return null
  const exact = names.findIndex((name) => foldPlaceName(name) === folded)
  if (exact >= 0) return exact
  const typos = names.map((name) => typosTo(folded, name))
  const fewest = Math.min(...typos)
  const closest = typos.flatMap((count, index) => (count === fewest ? [index] : []))
  return fewest <= typosAllowed(folded) && closest.length === 1 ? (closest[0] ?? null) : null
}

/** The communes' names, in communes.ts's order (their area ids from 1). */
export const COMMUNE_NAMES = COMMUNES.map((commune) => commune.name)

/** The `count` communes whose names are nearest to an answer that named none, nearest first. */
export function nearestCommuneNames(answer: string, count = SMS_COMMUNES_OFFERED): string[] {
  const folded = foldPlaceName(answer)
  return COMMUNE_NAMES.map((name) => ({ name, typos: typosTo(folded, name) }))
    .sort((a, b) => a.typos - b.typos)
    .slice(0, count)
    .map(({ name }) => name)
}
