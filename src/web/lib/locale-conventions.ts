// How figures and dates are written in each interface language. Written here rather than asked
// of Intl: a page's first Intl formatter loads the browser's locale data, 40 to 85 ms of main
// thread on the test machine (several times that on a cheap phone) before the home page can
// show its count and its dates. Wolof figures read like French of Senegal; Wolof dates are written
// as the Unicode CLDR writes them ("22 Nowàmbar, 2026 ci 10:05", what Node's Intl gives for "wo"):
// browsers rarely carry Wolof data, so the months are here.

interface Conventions {
  /** Between groups of three digits: French uses a narrow no-break space, as Intl does. */
  group: string
  decimal: string
  months: readonly string[]
  /** Between the month and the year: "22 Nowàmbar, 2026" in Wolof. */
  beforeYear: string
  /** Between a date and its time: "22 novembre 2026 à 10:05". */
  beforeTime: string
}

const FRENCH: Conventions = {
  group: '\u202f',
  decimal: ',',
  months: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  beforeYear: ' ',
  beforeTime: ' à ',
}

const ENGLISH: Conventions = {
  group: ',',
  decimal: '.',
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  beforeYear: ' ',
  beforeTime: ' at ',
}

const WOLOF: Conventions = {
  ...FRENCH,
  months: [
    'Samwiyee',
    'Fewriyee',
    'Mars',
    'Awril',
    'Mee',
    'Suwe',
    'Sulet',
    'Ut',
    'Sàttumbar',
    'Oktoobar',
    'Nowàmbar',
    'Desàmbar',
  ],
  beforeYear: ', ',
  beforeTime: ' ci ',
}

function conventionsOf(language: string): Conventions {
  if (language === 'en') return ENGLISH
  return language === 'wo' ? WOLOF : FRENCH
}

/** "1 234", "4,1" in French; "1,234", "4.1" in English; at most `fractionDigits` decimals. */
export function formatNumberIn(language: string, value: number, fractionDigits = 0): string {
  const { group, decimal } = conventionsOf(language)
  const scale = 10 ** fractionDigits
  const rounded = Math.round(Math.abs(value) * scale) / scale
  const [whole = '0', fraction] = String(rounded).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  const sign = value < 0 && rounded !== 0 ? '-' : ''
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`
}

/** "22 novembre 2026" ("22 November 2026", "22 Nowàmbar, 2026"), in the visitor's time zone. */
export function formatLongDateIn(language: string, date: Date): string {
  const { months, beforeYear } = conventionsOf(language)
  return `${date.getDate()} ${months[date.getMonth()]}${beforeYear}${date.getFullYear()}`
}

/** "22 novembre 2026 à 10:05" ("22 November 2026 at 10:05"), in the visitor's time zone. */
export function formatDateTimeIn(language: string, date: Date): string {
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
  return `${formatLongDateIn(language, date)}${conventionsOf(language).beforeTime}${time}`
}

/**
 * Which text of a plural a whole number takes, as CLDR's cardinal rules say and Intl.PluralRules
 * would answer: French "0 signalement", "1 signalement", "2 signalements"; English "1 report",
 * "0 reports"; Wolof nouns do not change with the number (one form, `other`). Given to i18next
 * (i18n/index.ts) in place of the Intl.PluralRules it would build: of a rule it asks only `select`.
 */
export function pluralRuleOf(language: string): { select(value: number): 'one' | 'other' } {
  const isOne = language === 'en' ? (n: number) => n === 1 : (n: number) => language !== 'wo' && n < 2
  return { select: (value) => (isOne(value) ? 'one' : 'other') }
}
