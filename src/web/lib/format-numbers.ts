// How sizes, durations and figures read, for every screen, in the interface's language
// (French by default). Apart from the dates (format-dates.ts), which the home page needs in its
// first download and these not.
import { formattingLanguage } from './locale'
import { formatNumberIn } from './locale-conventions'

const decimal = (value: number) => formatNumberIn(formattingLanguage(), value, 1)
const wholeNumber = (value: number) => formatNumberIn(formattingLanguage(), value)

/** Byte units: French "o, Ko, Mo"; English "B, KB, MB". */
function units() {
  return formattingLanguage() === 'en' ? { b: 'B', kb: 'KB', mb: 'MB' } : { b: 'o', kb: 'Ko', mb: 'Mo' }
}

/** "245 Ko", "4,1 Mo": what a citizen paying for mobile data reads before sending. */
export function formatFileSize(bytes: number): string {
  const unit = units()
  if (bytes < 1024) return `${wholeNumber(bytes)} ${unit.b}`
  if (bytes < 1024 * 1024) return `${wholeNumber(Math.round(bytes / 1024))} ${unit.kb}`
  return `${decimal(bytes / (1024 * 1024))} ${unit.mb}`
}

/** "1:05" for a recording's length. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** "42 %", the sign held to its figure by a no-break space. */
export function formatPercent(value: number): string {
  return formattingLanguage() === 'en' ? `${wholeNumber(value)}%` : `${wholeNumber(value)}\u00a0%`
}
