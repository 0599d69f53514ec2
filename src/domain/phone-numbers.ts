// Phone numbers as the SMS channel (issue 31) and its settings read and show them. Without
// imports: the site's footer shows the SMS number with this alone.

/**
 * A phone number as E.164 ("+221771234567"): a Senegalese one from its 9 digits (mobiles start
 * with 7, fixed lines with 3: every operator's ranges, new ones included), with or without +221
 * or 00221, spaces, dots or dashes; another country's kept as given in E.164. Null when it is
 * neither.
 */
export function normalizePhoneNumber(raw: string): string | null {
  const compact = raw.trim().replace(/[\s.\-()]/g, '')
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact
  if (/^[37]\d{8}$/.test(international)) return `+221${international}`
  if (/^\+221/.test(international)) return /^\+221[37]\d{8}$/.test(international) ? international : null
  return /^\+[1-9]\d{7,14}$/.test(international) ? international : null
}

/** An E.164 number as people in Senegal write it ("+221338000000" → "33 800 00 00"); another country's as it is. */
export function phoneNumberForDisplay(e164: string): string {
  const senegalese = /^\+221(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(e164)
  return senegalese ? senegalese.slice(1).join(' ') : e164
}
